//! General rules: scale and values (¶9–¶17, §13–§17), the announced strength of ¶146 step 3a.

use crate::hov::types::{Mp, Ratings, announced, round_up};

#[test]
fn r146_step3a_x36_strength_announced_to_the_nearest_five() {
    // ¶146 step 3a: 14 SP are announced as 15, one or two as five.
    assert_eq!(announced(14), 15);
    assert_eq!(announced(1), 5);
    assert_eq!(announced(2), 5);
    assert_eq!(announced(12), 10);
    assert_eq!(announced(13), 15);
    assert_eq!(announced(0), 0);
}

#[test]
fn e39_e40_terrain_rounds_fractions_up() {
    // §39: 5 SP halved are 3; §40: 7 infantry SP less a quarter are 6 (5¼ rounded up).
    assert_eq!(round_up(5, 2), 3);
    assert_eq!(round_up(7 * 3, 4), 6);
    assert_eq!(round_up(3, 2), 2);
}

#[test]
fn r112_x32_mp_in_halves_add_exactly() {
    // ¶112: eight primary-road hexes at ½ MP are 4 MP.
    let mut m = Mp::ZERO;
    for _ in 0..8 {
        m = m.plus(Mp::HALF);
    }
    assert_eq!(m, Mp::whole(4));
    assert_eq!(alloc::format!("{}", Mp(3)), "1½");
    assert_eq!(alloc::format!("{}", Mp(1)), "½");
}

#[test]
fn e17_ratings_print_as_the_set_ups_do() {
    // §17 / §222: L'Estocq 4[2]4.
    let r = Ratings {
        initiative: 4,
        subordination: 2,
        span: 4,
        bonus: 0,
    };
    assert_eq!(alloc::format!("{r}"), "4[2]4");
}

#[test]
fn e13_1_a_hex_of_several_terrains_is_the_dearest() {
    // §13: whatever the order the terrains are listed in, the hex counts as the one that costs
    // the most MP.
    use crate::data::Library;
    use crate::hov::board::{Board, Ground};
    let lib = Library::builtin().expect("the built-in library");
    let sc = lib.scenario("hov/pultusk-golymin").expect("pultusk");
    let h = crate::hov::Hov::new(&sc).expect("pultusk");
    let at = super::march::open_ground(&h);
    let label = h.board.grid.to_id(at).expect("an id");
    let label = alloc::format!("{label}");
    let entry = sc.map.hexes.values().next().expect("a hex entry").clone();
    for (terrain, want) in [
        (["woods", "clear"], Ground::Woods),
        (["clear", "woods"], Ground::Woods),
        (["clear", "hills"], Ground::Hills),
    ] {
        let mut sc = sc.clone();
        let mut e = entry.clone();
        e.terrain = terrain
            .iter()
            .map(|t| alloc::string::String::from(*t))
            .collect();
        sc.map.hexes.insert(label.clone(), e);
        let b = Board::new(&sc).expect("the board");
        assert_eq!(b.hex(at).ground, want, "{terrain:?}");
    }
}

#[test]
fn r30_5_an_unemployed_leader_cuts_no_line_of_communication() {
    use crate::hov::state::{LeaderPlace, Unit};
    use crate::hov::types::Army;
    let h = super::march::load("hov/pultusk-golymin");
    let s = crate::engine::Rules::initial_state(&h);
    let french = h.active_depots(&s, Army::French);
    let d = french[0];
    let at = h.board.depots[d].hex;
    let ben = h.manifest.leader("R-bennigsen").unwrap();
    // With his units Bennigsen on the depot cuts the line to it (¶55)...
    let mut t = s.clone();
    t.leaders[usize::from(ben)].place = LeaderPlace::Map(at);
    assert!(!h.active_depots(&t, Army::French).contains(&d));
    // ...without units or subordinates he is an Unemployed Leader and cuts nothing (¶30).
    for u in &mut t.units {
        if u.leader == Some(ben) {
            *u = Unit {
                leader: None,
                sp: 0,
            };
        }
    }
    for l in &mut t.leaders {
        if l.place == LeaderPlace::Portrait(ben) {
            l.place = LeaderPlace::Out;
        }
    }
    assert!(h.active_depots(&t, Army::French).contains(&d));
}
