//! The map and the counters on it as the line-of-sight rules see them (19.x through
//! [`crate::nbs::fire::los`]), and this turn's visibility (19.4, 28.0b, AUS 5.1).

use crate::hex::Hex;
use crate::nbs::Nbs;
use crate::nbs::board::Terrain;
use crate::nbs::fire::los::{self, LosFeature, LosMap, Visibility};
use crate::nbs::state::{Place, State};
use crate::nbs::types::UnitKind;

struct Sight<'a> {
    nbs: &'a Nbs,
    s: &'a State,
}

impl LosMap for Sight<'_> {
    fn level(&self, hex: Hex) -> Option<i16> {
        let h = self.nbs.board.hex(hex);
        h.on_map.then_some(h.level)
    }

    fn feature(&self, hex: Hex) -> LosFeature {
        match self.nbs.board.hex(hex).terrain {
            Terrain::Forest | Terrain::Orchard | Terrain::Vineyard => LosFeature::Symbol,
            Terrain::Town | Terrain::WalledFarm => LosFeature::Whole,
            _ => LosFeature::None,
        }
    }

    fn units_block(&self, hex: Hex) -> bool {
        // 19.3e: units add half a level; ERR-12: skirmishers never do.
        self.s.units.iter().enumerate().any(|(i, u)| {
            u.place == Place::At(hex) && self.nbs.units[i].kind != UnitKind::Skirmisher
        })
    }
}

impl Nbs {
    /// Whether `a` and `b` see each other (19.0–19.3).
    pub(in crate::nbs) fn clear_los(&self, s: &State, a: Hex, b: Hex) -> bool {
        los::los(&Sight { nbs: self, s }, a, b).is_clear()
    }

    /// This turn's visibility (19.4, 28.0b, AUS 5.1).
    pub(in crate::nbs) fn visibility(&self, s: &State) -> Visibility {
        let t = self.turn_info(s.turn);
        match (t.visibility, t.night, t.fog_low_only) {
            (_, true, _) => Visibility::NIGHT,
            (Some(n), _, true) => Visibility::austerlitz_low_fog(n),
            (Some(n), _, false) => Visibility::Hexes(n),
            (None, _, _) => Visibility::Unlimited,
        }
    }

    /// Whether `b` is within this turn's visibility from `a` (19.4).
    pub(in crate::nbs) fn visible(&self, s: &State, a: Hex, b: Hex) -> bool {
        los::visible(&Sight { nbs: self, s }, a, b, self.visibility(s))
    }
}
