//! 11.0 where a unit can move: `reachable` and `path_actions` run the movement rules (11.1
//! forward steps, 11.2 terrain costs, 9.2 facing changes) from the position.

use super::movement::mover;
use super::*;
use crate::hex::Direction;

#[test]
fn r11_1_reachable_lists_what_the_movement_rules_allow_and_its_paths_get_there() {
    let (r, s, u) = mover(|_| {});
    let reached = r.reach(&s, u).expect("in its Movement Segment");
    assert!(!reached.is_empty());
    // A 4-MP battalion in the open (1 MP a hex, F-9.1A provisional): one forward step costs
    // 1 MP, six sixths.
    let ahead = hex("S1010").neighbor(Direction::ALL[0]);
    let (first, actions) = reached
        .iter()
        .find(|(x, _)| x.hex == ahead)
        .expect("the frontal hex in direction 0");
    assert_eq!(first.cost, 6);
    assert_eq!(first.path, alloc::vec![hex("S1010"), ahead]);
    assert_eq!(
        actions,
        &alloc::vec![Action::Step {
            unit: u,
            to: ahead,
            alone: false
        }]
    );
    for (x, actions) in &reached {
        assert!(x.cost <= 24, "{x:?} within 4 MP");
        assert_eq!(x.path.first(), Some(&hex("S1010")));
        // Applying the path's actions puts the unit's lead hex where `reachable` says, at
        // that cost.
        let mut t = s.clone();
        for a in actions {
            apply(&r, &mut t, a.clone());
        }
        let p = t.unit(u).placed().unwrap();
        assert_eq!(p.hex(), x.hex);
        assert_eq!(Some(p.facing.index()), x.facing);
    }
    // No hex twice: the cheapest way to each.
    let mut hexes: Vec<Hex> = reached.iter().map(|(x, _)| x.hex).collect();
    hexes.sort();
    hexes.dedup();
    assert_eq!(hexes.len(), reached.len());
    // Through the contract, by counter id.
    let id = r.units[usize::from(u)].id.clone();
    let by_id = r.reachable(&s, &id).unwrap();
    assert_eq!(by_id.len(), reached.len());
    assert_eq!(r.path_actions(&s, &id, ahead).unwrap(), actions.clone());
}

#[test]
fn r11_0_nothing_is_reachable_outside_the_movement_segment() {
    let (r, s, u) = mover(|_| {});
    let mut before = s.clone();
    before.activation.as_mut().unwrap().segment = crate::fontenoy::state::Segment::Fire;
    let e = r.reach(&before, u).err().expect("not moving now");
    assert_eq!(e.rule, "11.0");
    let id = r.units[usize::from(u)].id.clone();
    let far = hex("S2020");
    let e = r.path_actions(&s, &id, far).err().expect("too far");
    assert_eq!(e.rule, "11.1");
    assert!(e.reason.contains("S2020"), "{}", e.reason);
}
