//! Movement costs (¶110–¶114, §35) and the Battle Scenarios' lines: LOC and depots (¶55, §27–§28),
//! Dispatch Distance (¶56–¶57); the Administrative Segment: the Supply Source (¶42 step 2,
//! ¶57–¶60, §27 2, §29–§33) and garrison absorption (§53).

use crate::data::Library;
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::board::{Road, Water};
use crate::hov::state::LeaderPlace;
use crate::hov::types::{Army, Mp};

fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The first (hex, direction) of the map whose side matches `f`, in grid order.
fn find_side(h: &Hov, f: impl Fn(Hex, Direction) -> bool) -> (Hex, Direction) {
    for hex in h.board.grid.hexes() {
        if !h.board.on_map(hex) {
            continue;
        }
        for d in Direction::ALL {
            if h.board.on_map(hex.neighbor(d)) && f(hex, d) {
                return (hex, d);
            }
        }
    }
    panic!("no such hexside on the map")
}

#[test]
fn r112_x32_a_primary_road_costs_half_a_point_a_hex() {
    // ¶112: along a primary road ½ MP a hex whatever the terrain: 4 MP make 8 hexes.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::Primary && side.water == Water::None
    });
    assert_eq!(h.step_cost(&s, a, d, false), Some(Mp::HALF));
    assert_eq!(h.step_cost(&s, a, d, true), Some(Mp::HALF));
    let (b, e) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::Secondary && side.water == Water::None
    });
    assert_eq!(h.step_cost(&s, b, e, true), Some(Mp::ONE));
}

#[test]
fn r111_off_the_road_the_terrain_is_paid_by_type() {
    // TEC: woods cost infantry 2, cavalry 3.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.road == Road::None
            && side.water == Water::None
            && h.board.hex(x.neighbor(d)).ground == crate::hov::board::Ground::Woods
    });
    assert_eq!(h.step_cost(&s, a, d, false), Some(Mp::whole(2)));
    assert_eq!(h.step_cost(&s, a, d, true), Some(Mp::whole(3)));
}

#[test]
fn r113_r114_rivers_and_bridges() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    // ¶113: a primary river without a bridge is not crossed.
    let (a, d) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Primary && !side.bridge
    });
    assert_eq!(h.step_cost(&s, a, d, false), None);
    // ¶114: a secondary river without a bridge adds ½ MP to the terrain.
    let (b, e) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Secondary && !side.bridge && side.road == Road::None
    });
    let terrain = h.board.hex(b.neighbor(e)).cost[0];
    assert_eq!(h.step_cost(&s, b, e, false), Some(terrain.plus(Mp::HALF)));
    // ¶113, §156: across a primary river at a bridge the road's rate; a broken bridge bars it.
    let (c, f) = find_side(&h, |x, d| {
        let side = h.board.side(x, d);
        side.water == Water::Primary && side.bridge && side.road != Road::None
    });
    assert!(h.step_cost(&s, c, f, false).is_some());
    let mut t = s.clone();
    t.broken
        .push(crate::hex::Hexside::between(c, c.neighbor(f)).unwrap());
    t.broken.sort();
    assert_eq!(h.step_cost(&t, c, f, false), None);
}

#[test]
fn r55_depots_with_a_line_of_communication_are_active() {
    // ¶55: every depot of its side that a road line of at most 21 MP joins to the active source.
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let french = h.active_depots(&s, Army::French);
    assert!(!french.is_empty(), "the French LOC reaches some depot");
    for &i in &french {
        assert_eq!(s.depots[i], crate::hov::types::FRENCH);
    }
    assert!(!h.active_depots(&s, Army::Russian).is_empty());
    // An enemy force standing on a depot cuts the line to it.
    let d = french[0];
    let at = h.board.depots[d].hex;
    let ben = h.manifest.leader("R-bennigsen").unwrap();
    let mut t = s.clone();
    t.leaders[usize::from(ben)].place = LeaderPlace::Map(at);
    assert!(!h.active_depots(&t, Army::French).contains(&d));
}

#[test]
fn r56_dispatch_distance_reaches_twelve_points_from_a_depot() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let src = h.board.grid.parse("0151").unwrap();
    assert!(h.in_dispatch(&s, Army::French, src), "at the source itself");
    // 12 MP go at most 24 hexes (½ MP a hex on a primary road): a hex further than that from
    // every active French depot and the source is out of Dispatch Distance.
    let mut from: alloc::vec::Vec<Hex> = h
        .active_depots(&s, Army::French)
        .into_iter()
        .map(|i| h.board.depots[i].hex)
        .collect();
    from.push(src);
    let far = h
        .board
        .grid
        .hexes()
        .into_iter()
        .filter(|x| h.board.on_map(*x))
        .max_by_key(|x| from.iter().map(|f| f.distance(*x)).min().unwrap_or(0))
        .unwrap();
    assert!(from.iter().all(|f| f.distance(far) > 24));
    assert!(!h.in_dispatch(&s, Army::French, far));
    // Next to an active depot, off any river, is within it.
    let d = from[0];
    let near = Direction::ALL
        .into_iter()
        .find(|&k| {
            h.step_cost(&s, d, k, true)
                .is_some_and(|c| c <= Mp::whole(4))
        })
        .map(|k| d.neighbor(k))
        .unwrap();
    assert!(h.in_dispatch(&s, Army::French, near));
}

// ---------------------------------------------------------------- Administrative Segment

mod admin {
    use alloc::vec::Vec;

    use crate::engine::{EventInfo, Rules};
    use crate::hex::Hex;
    use crate::hov::action::Action;
    use crate::hov::event::Event;
    use crate::hov::state::{GarrisonPlace, LeaderPlace, Phase, Supply};
    use crate::hov::types::{Army, COALITION, FRENCH};

    use super::super::organization::{act, advance, hex, leader, legal, load, refused, unit};

    #[test]
    fn e30_r58_the_supply_source_is_flipped_then_placed_next_turn() {
        // §30 1–2, ¶42 step 2, ¶58: one active source; flipped in one Administrative Segment, the
        // marker goes face up on any of the army's Supply Sources in the next.
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        let flip = Action::BeginSupplyChange { army: Army::French };
        assert!(legal(&h, &s).contains(&flip));
        assert!(!legal(&h, &s).contains(&Action::BeginSupplyChange {
            army: Army::Russian
        }));
        let ev = act(&h, &mut s, flip);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::SupplyChanging { .. }) && e.visible_to(COALITION))
        );
        assert_eq!(s.supply[0], Supply::Changing(s.turn));
        assert!(
            !legal(&h, &s)
                .iter()
                .any(|a| matches!(a, Action::PlaceSupply { .. }))
        );
        let turn = s.turn;
        act(&h, &mut s, Action::Done);
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        assert_eq!(s.turn, turn + 1);
        let places: Vec<Hex> = legal(&h, &s)
            .into_iter()
            .filter_map(|a| match a {
                Action::PlaceSupply { hex, .. } => Some(hex),
                _ => None,
            })
            .collect();
        assert!(
            places.contains(&hex(&h, "0151")) && places.contains(&hex(&h, "3153")),
            "{places:?}"
        );
        // Only the army's own sources.
        assert!(!places.contains(&hex(&h, "3938")));
        let rule = refused(
            &h,
            &s,
            Action::PlaceSupply {
                army: Army::French,
                hex: hex(&h, "3938"),
            },
        );
        assert!(rule.contains("§30"));
        act(
            &h,
            &mut s,
            Action::PlaceSupply {
                army: Army::French,
                hex: hex(&h, "3153"),
            },
        );
        assert_eq!(s.supply[0], Supply::Active(hex(&h, "3153")));
    }

    #[test]
    fn e30_3_e27_2_r57_while_flipped_no_commands_and_the_zero_line() {
        // §30 3, §27 2, ¶57: with the marker flipped no depot is active: no force has a Dispatch
        // Distance, so no Movement Command and the zero attrition line.
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        let davout = leader(&h, "F-davout");
        let at = h.leader_hex(&s, davout).unwrap();
        assert!(h.in_dispatch(&s, Army::French, at));
        act(&h, &mut s, Action::BeginSupplyChange { army: Army::French });
        assert!(!h.in_dispatch(&s, Army::French, at));
        act(&h, &mut s, Action::Done);
        advance(&h, &mut s, Phase::MovementCommands, FRENCH);
        assert!(
            !legal(&h, &s)
                .iter()
                .any(|a| matches!(a, Action::Command { .. }))
        );
        assert!(h.active_depots(&s, Army::French).is_empty());
    }

    #[test]
    fn e31_r59_the_active_source_has_a_garrison_with_a_zoc() {
        // §31, ¶59 1, ¶59 3, ¶59 4: the active source counts as a real force of its side (a ZOC
        // around it, enemy ZOCs cancelled in it); flipped it has none; placed again it has one.
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        let src = hex(&h, "3938");
        let o = h.occupancy(&s);
        assert!(o.real_at(COALITION, src));
        let next = crate::hex::Direction::ALL
            .into_iter()
            .find(|&d| h.zoc_passes(&s, src, d))
            .map(|d| src.neighbor(d))
            .unwrap();
        assert!(h.in_zoc_of(&s, &o, COALITION, next, false));
        // ¶59 3: a French force next to it is in its ZOC, but a Coalition force standing in the
        // source's hex is in no French ZOC there.
        let mut t = s.clone();
        let davout = leader(&h, "F-davout");
        t.leaders[usize::from(davout)].place = LeaderPlace::Map(next);
        let o2 = h.occupancy(&t);
        assert!(!h.in_zoc_of(&t, &o2, FRENCH, src, false));
        assert_eq!(h.zoc_sources(&t, &o2, FRENCH, src), 0);
        // Without the active source there, it would be.
        t.supply[Army::Russian.index()] = Supply::Changing(t.turn);
        let o3 = h.occupancy(&t);
        assert!(h.in_zoc_of(&t, &o3, FRENCH, src, false));
        assert!(h.supply_garrison_at(&s, COALITION, src));
        s.supply[Army::Russian.index()] = Supply::Changing(s.turn);
        assert!(!h.occupancy(&s).real_at(COALITION, src));
        assert!(!h.supply_garrison_at(&s, COALITION, src));
    }

    #[test]
    fn e32_e33_r60_a_captured_source_returns_later_free_of_enemies() {
        // §32, ¶60 1: the garrison destroyed or driven off, the source is captured: no depot is
        // active and no command may be given. §33, ¶60 2: from a later Administrative Segment the
        // marker returns at a source free of enemy units and EZOCs.
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        let src = hex(&h, "0151");
        let mut ev = Vec::new();
        // The attacker's own source is not captured by its own attack.
        assert!(
            h.supply_source_attacked(&mut s, src, FRENCH, &mut ev)
                .is_empty()
        );
        assert_eq!(
            h.supply_source_attacked(&mut s, src, COALITION, &mut ev),
            [Army::French]
        );
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::SupplyCaptured {
                army: Army::French,
                ..
            }
        )));
        assert_eq!(s.supply[0], Supply::Captured(s.turn));
        assert!(h.active_depots(&s, Army::French).is_empty());
        assert!(!legal(&h, &s).iter().any(|a| matches!(
            a,
            Action::PlaceSupply { .. } | Action::BeginSupplyChange { .. }
        )));
        act(&h, &mut s, Action::Done);
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        // An enemy force next to a source puts it in an EZOC: not there.
        let benn = leader(&h, "R-bennigsen");
        let (warsaw, next) = h
            .board
            .sources_of(Army::French)
            .map(|x| x.hex)
            .filter(|&x| x != src)
            .find_map(|x| {
                crate::hex::Direction::ALL
                    .into_iter()
                    .map(|d| x.neighbor(d))
                    .find(|&n| h.board.on_map(n) && h.zoc_passes(&s, n, n.direction_to(x).unwrap()))
                    .map(|n| (x, n))
            })
            .unwrap();
        s.leaders[usize::from(benn)].place = LeaderPlace::Map(next);
        let places: Vec<Hex> = legal(&h, &s)
            .into_iter()
            .filter_map(|a| match a {
                Action::PlaceSupply { hex, .. } => Some(hex),
                _ => None,
            })
            .collect();
        assert!(!places.is_empty());
        assert!(!places.contains(&warsaw), "{places:?}");
        let rule = refused(
            &h,
            &s,
            Action::PlaceSupply {
                army: Army::French,
                hex: warsaw,
            },
        );
        assert!(rule.contains("§33"));
        act(
            &h,
            &mut s,
            Action::PlaceSupply {
                army: Army::French,
                hex: places[0],
            },
        );
        assert_eq!(s.supply[0], Supply::Active(places[0]));
    }

    #[test]
    fn e53_a_garrison_is_absorbed_by_infantry_of_its_nationality() {
        // §53: in the Administrative Segment a garrison joins an infantry unit of its nationality
        // in its hex; its marker is free again from the next Game-Turn.
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        let warsaw = hex(&h, "3153");
        let davout = leader(&h, "F-davout");
        s.leaders[usize::from(davout)].place = LeaderPlace::Map(warsaw);
        let gudin = unit(&h, "F-III-gudin"); // 2 of 3 SP
        let gar = h
            .manifest
            .garrisons
            .iter()
            .position(|g| g.id == "F-gar-warsaw")
            .unwrap() as u16;
        let praga = h
            .manifest
            .garrisons
            .iter()
            .position(|g| g.id == "F-gar-praga")
            .unwrap() as u16;
        let a = Action::AbsorbGarrison {
            garrison: gar,
            unit: gudin,
        };
        assert!(legal(&h, &s).contains(&a));
        // A full unit may not take it (¶74), nor a Polish garrison a French unit.
        assert!(
            refused(
                &h,
                &s,
                Action::AbsorbGarrison {
                    garrison: gar,
                    unit: unit(&h, "F-III-morand")
                }
            )
            .contains("¶74")
        );
        s.garrisons[usize::from(praga)].place = GarrisonPlace::Map(warsaw);
        assert!(
            refused(
                &h,
                &s,
                Action::AbsorbGarrison {
                    garrison: praga,
                    unit: gudin
                }
            )
            .contains("§53")
        );
        let ev = act(&h, &mut s, a);
        assert_eq!(s.units[usize::from(gudin)].sp, 3);
        assert_eq!(
            s.garrisons[usize::from(gar)].place,
            GarrisonPlace::Available(s.turn + 1)
        );
        assert!(
            ev.iter()
                .all(|e| !e.visible_to(COALITION) || matches!(e, Event::PhaseBegins { .. }))
        );
    }

    #[test]
    fn e79_a_vedette_without_dispatch_distance_joins_the_nearest_force() {
        // §79, §75: in its Administrative Segment a vedette with no Dispatch Distance goes to
        // the portrait of the nearest friendly force within its reach (7 MP for cavalry),
        // else to the pool; it returns to the map with him at the Organization Segment.
        use crate::hov::state::VedettePlace;
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Administrative, COALITION);
        let davout = leader(&h, "F-davout");
        let at = h.leader_hex(&s, davout).unwrap();
        let french: Vec<usize> = (0..s.vedettes.len())
            .filter(|&v| h.manifest.vedettes[v].side == FRENCH && h.manifest.vedettes[v].cavalry)
            .take(2)
            .collect();
        let near = crate::hex::Direction::ALL
            .into_iter()
            .map(|d| at.neighbor(d))
            .find(|&n| {
                h.board.on_map(n)
                    && h.step_cost(&s, n, n.direction_to(at).unwrap(), true)
                        .is_some()
            })
            .unwrap();
        s.vedettes[french[0]].place = VedettePlace::Map(near);
        // Far from every French force.
        let far = hex(&h, "3909");
        s.vedettes[french[1]].place = VedettePlace::Map(far);
        s.supply[Army::French.index()] = Supply::Changing(s.turn);
        advance(&h, &mut s, Phase::Administrative, FRENCH);
        assert_eq!(s.vedettes[french[0]].place, VedettePlace::Portrait(davout));
        assert_eq!(s.vedettes[french[1]].place, VedettePlace::Pool);
        act(&h, &mut s, Action::Done);
        assert_eq!(s.vedettes[french[0]].place, VedettePlace::Map(at));
    }
}

#[test]
fn r56_dispatch_distance_traced_back_from_the_depots_agrees_with_a_line_from_each_force() {
    // `in_dispatch` works out each army's area once per state by searching back from its
    // depots; a line traced forward from the force (the rule's own direction) must agree
    // for every hex near a leader, in positions reached by random play.
    use crate::hov::state::Supply;
    use crate::hov::supply::DISPATCH_MP;
    for (k, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
        .into_iter()
        .enumerate()
    {
        let h = load(id);
        let mut s = h.initial_state();
        let mut seed: u64 = 0x56 + k as u64;
        let mut checked = 0;
        for step in 0..240 {
            if step % 40 == 0 {
                for army in Army::ALL {
                    let side = army.side();
                    let mut depots: alloc::vec::Vec<Hex> = h
                        .active_depots(&s, army)
                        .into_iter()
                        .map(|i| h.board.depots[i].hex)
                        .collect();
                    if let Supply::Active(src) = s.supply[army.index()] {
                        depots.push(src);
                    }
                    for l in &s.leaders {
                        let LeaderPlace::Map(at) = l.place else {
                            continue;
                        };
                        for hex in
                            core::iter::once(at).chain(Direction::ALL.map(|d| at.neighbor(d)))
                        {
                            if !h.board.on_map(hex) {
                                continue;
                            }
                            let forward = h
                                .line(&s, side, hex, false, DISPATCH_MP)
                                .is_some_and(|r| depots.iter().any(|&d| d == hex || r.contains(d)))
                                || depots.contains(&hex);
                            assert_eq!(
                                h.in_dispatch(&s, army, hex),
                                forward,
                                "{id} step {step}: {army:?} at {hex:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
            let mut acts = alloc::vec::Vec::new();
            h.legal_actions(&s, &mut acts);
            if acts.is_empty() {
                let mut o = alloc::vec::Vec::new();
                h.chance_outcomes(&s, &mut o);
                if o.is_empty() {
                    break;
                }
                acts = o.into_iter().map(|(a, _)| a).collect();
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let a = acts[((seed >> 33) % acts.len() as u64) as usize].clone();
            let mut ev = alloc::vec::Vec::new();
            h.apply(&mut s, &a, &mut ev).unwrap();
        }
        assert!(checked > 100, "{id}: {checked}");
    }
}
