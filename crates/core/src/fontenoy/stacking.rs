//! 10.1–10.5 which counters may share a hex: the formation and facing rules of groups, by
//! unit type.

use super::geometry::Placed;
use super::types::{Formation, Kind};
use crate::hex::Facing;

/// One counter as grouping reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stance {
    /// Its type.
    pub kind: Kind,
    /// Its formation.
    pub formation: Formation,
    /// Its facing.
    pub facing: Facing,
}

/// Whether two counters may stand in one group (10.1d, 10.1e, 10.2–10.5). Commanders group
/// with anything (10.5b). Routed and non-Routed units are checked apart (10.1f).
pub fn compatible(a: Stance, b: Stance) -> bool {
    use Formation as F;
    use Kind as K;
    if a.kind == K::Commander || b.kind == K::Commander {
        return true;
    }
    let same = a.formation == b.formation && a.facing == b.facing;
    let (inf, art) = match (a.kind, b.kind) {
        // 10.2b, 10.3c: cavalry with cavalry, infantry with infantry, same formation and
        // facing; artillery with artillery likewise (10.4b, 10.4c).
        (K::Cavalry, K::Cavalry) | (K::Infantry, K::Infantry) | (K::Artillery, K::Artillery) => {
            return same;
        }
        // 10.2a, 10.4a: cavalry never with infantry or artillery.
        (K::Cavalry, _) | (_, K::Cavalry) => return false,
        (K::Infantry, K::Artillery) => (a, b),
        (K::Artillery, K::Infantry) => (b, a),
        _ => return false,
    };
    match art.formation {
        // 10.3d, 10.4c: unlimbered artillery with Line, Hook, Attack Column (same facing) or
        // Square (any facing).
        F::Unlimbered => match inf.formation {
            F::Square => true,
            F::Line | F::Hook | F::AttackColumn => inf.facing == art.facing,
            _ => false,
        },
        // 10.3e, 10.4b: limbered artillery with infantry in March Column, same facing.
        F::MarchColumn => inf.formation == F::MarchColumn && inf.facing == art.facing,
        // F-3.5a: inside a redoubt every unit is in General Order.
        F::GeneralOrder => inf.formation == F::GeneralOrder,
        _ => false,
    }
}

/// 10.4d: whether unlimbered guns (`gun`, a single hex) stand with a multi-hex infantry Line
/// or Hook (`line`): in no particular hex of it, so in any one of its hexes.
pub fn gun_in_line(gun: (Kind, Formation, &Placed), line: (Kind, Formation, &Placed)) -> bool {
    gun.0 == Kind::Artillery
        && gun.1 == Formation::Unlimbered
        && gun.2.hexes.len() == 1
        && line.0 == Kind::Infantry
        && matches!(line.1, Formation::Line | Formation::Hook)
        && line.2.hexes.len() > 1
        && line.2.hexes.contains(gun.2.hex())
}

/// Whether two counters stand as one group by their places (10.0, 10.4d): on exactly the same
/// hexes, or unlimbered guns in a hex of a multi-hex Line or Hook. Whether their formations
/// and facings may group is [`compatible`]'s question.
pub fn together(a: (Kind, Formation, &Placed), b: (Kind, Formation, &Placed)) -> bool {
    a.2.hexes == b.2.hexes || gun_in_line(a, b) || gun_in_line(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(kind: Kind, formation: Formation, facing: u8) -> Stance {
        Stance {
            kind,
            formation,
            facing: Facing::new(facing).unwrap(),
        }
    }

    #[test]
    fn r10_2_cavalry_groups_only_with_cavalry_of_its_formation_and_facing() {
        let c = st(Kind::Cavalry, Formation::Line, 1);
        assert!(compatible(c, st(Kind::Cavalry, Formation::Line, 1)));
        assert!(!compatible(c, st(Kind::Cavalry, Formation::Line, 3)));
        assert!(!compatible(c, st(Kind::Infantry, Formation::Line, 1)));
        assert!(!compatible(
            c,
            st(Kind::Artillery, Formation::Unlimbered, 1)
        ));
    }

    #[test]
    fn r10_3d_r10_4c_unlimbered_guns_with_a_line_of_their_facing_or_a_square() {
        let gun = st(Kind::Artillery, Formation::Unlimbered, 1);
        assert!(compatible(st(Kind::Infantry, Formation::Line, 1), gun));
        assert!(!compatible(st(Kind::Infantry, Formation::Line, 3), gun));
        assert!(compatible(st(Kind::Infantry, Formation::Square, 7), gun));
        assert!(!compatible(
            st(Kind::Infantry, Formation::MarchColumn, 0),
            gun
        ));
    }

    #[test]
    fn r10_3e_r10_4b_limbered_guns_with_a_march_column_of_their_facing() {
        let gun = st(Kind::Artillery, Formation::MarchColumn, 2);
        assert!(compatible(
            st(Kind::Infantry, Formation::MarchColumn, 2),
            gun
        ));
        assert!(!compatible(
            st(Kind::Infantry, Formation::MarchColumn, 4),
            gun
        ));
        assert!(!compatible(st(Kind::Infantry, Formation::Line, 1), gun));
    }

    #[test]
    fn r10_5b_commanders_group_with_anything() {
        let cmd = st(Kind::Commander, Formation::Line, 1);
        assert!(compatible(
            cmd,
            st(Kind::Cavalry, Formation::MarchColumn, 4)
        ));
    }
}
