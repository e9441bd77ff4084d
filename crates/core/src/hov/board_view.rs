//! The board a front end draws (`Rules::board`): the Poland map's hexes in the scenario's area
//! (§221–§223) with their terrain, towns and place names, the roads, rivers, lakes and bridges
//! as hexside features, and the counters of the state it is given.
//!
//! Hidden information (¶20–¶22, §68): the view shows exactly what the state holds, so a board
//! built from `observation(state, side)` shows what that side may see and nothing more. In an
//! observation the other side's face-down leaders and unrevealed vedettes are gone from their
//! hexes and stand as [`Unknown`] stacks instead; they are drawn as counters of kind `"unknown"`
//! named `"?"`, marked `"hidden"`, with no identity. The other side's Organization Displays
//! (¶20) are blanked in an observation (no unit has a leader or strength): such a side is
//! *concealed* here, and of it the view lists only what stands face up on the map (revealed
//! leaders without a strength, revealed vedettes, garrisons in their forts, supply sources,
//! depots it controls). Built from the true state (the facade's `board()`), it shows everything.
//!
//! Display only: nothing here is needed to play.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::board::Board;
use super::state::{GarrisonPlace, LeaderPlace, State, Supply, VedettePlace};
use super::types::{Arm, Army};
use super::{Area, Hov};
use crate::data::{DataError, ResolvedScenario};
use crate::engine::{MapView, PieceView, Side};
use crate::hex::Hex;

/// The map view of a scenario: the map file's hexes that are on the board and in `area`, each
/// with the name of its place, and the hexside features between them.
pub(super) fn map_view(
    s: &ResolvedScenario,
    board: &Board,
    area: Area,
) -> Result<MapView, DataError> {
    let mut view = MapView::from_map(&s.map)?;
    let keep = |q: i16, r: i16| {
        let i = board.hex(Hex::new(q, r));
        i.on_map
            && match area {
                Area::All => true,
                Area::North => i.north,
                Area::South => i.south,
            }
    };
    view.hexes.retain(|h| keep(h.q, h.r));
    for h in &mut view.hexes {
        h.name = board.place_name(Hex::new(h.q, h.r)).map(String::from);
    }
    let kept: Vec<&str> = view.hexes.iter().map(|h| h.id.as_str()).collect();
    let mut kept = kept;
    kept.sort_unstable();
    let hexsides = core::mem::take(&mut view.hexsides);
    view.hexsides = hexsides
        .into_iter()
        .filter(|side| kept.binary_search(&side.hex.as_str()).is_ok())
        .collect();
    Ok(view)
}

/// Builds the piece list, keeping each hex's stacking order (top first, in the order added).
struct Pieces<'a> {
    hov: &'a Hov,
    out: Vec<PieceView>,
    depth: BTreeMap<Hex, i32>,
}

impl Pieces<'_> {
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        id: String,
        name: String,
        side: Side,
        kind: &str,
        reference: serde_json::Value,
        hex: Option<Hex>,
        status: &str,
        factors: Option<String>,
        marks: Vec<String>,
    ) -> &mut PieceView {
        let order = match hex {
            Some(h) => {
                let d = self.depth.entry(h).or_insert(0);
                *d += 1;
                *d - 1
            }
            None => 0,
        };
        self.out.push(PieceView {
            id,
            name,
            side: side.0,
            kind: kind.into(),
            reference,
            hex: hex.map(|h| self.hov.label(h)),
            status: status.into(),
            order,
            steps: None,
            max_steps: None,
            factors,
            marks,
            hexes: Vec::new(),
            facing: None,
        });
        let last = self.out.len() - 1;
        &mut self.out[last]
    }
}

impl Hov {
    /// Whether `side`'s Organization Displays are blanked in `s`, as in the other side's
    /// observation (¶20): it has combat units, and none of them stands on a track.
    fn concealed(&self, s: &State, side: Side) -> bool {
        let mut any = false;
        for (u, info) in s.units.iter().zip(self.manifest.units.iter()) {
            if info.side == side {
                any = true;
                if u.leader.is_some() || u.sp > 0 {
                    return false;
                }
            }
        }
        any
    }

    /// Every counter the state shows (see the module text): combat units, leaders, vedettes,
    /// garrisons, supply sources, depots, then the other side's unknown stacks.
    pub(super) fn piece_views(&self, s: &State) -> Vec<PieceView> {
        let hidden = [self.concealed(s, Side(0)), self.concealed(s, Side(1))];
        // An observation turns a side's face-down counters into unknown stacks: its displays
        // stay off the board even while a battle shows some of that side's units (¶20).
        let masked = [Side(0), Side(1)].map(|x| s.unknown.iter().any(|u| u.side == x));
        let mut p = Pieces {
            hov: self,
            out: Vec::new(),
            depth: BTreeMap::new(),
        };
        let leader_name = |l: u16| {
            self.manifest
                .leaders
                .get(usize::from(l))
                .map_or_else(|| format!("#{l}"), |x| x.name.clone())
        };
        let battle_attackers: &[u16] = s.battle.as_ref().map_or(&[], |b| &b.attackers);
        let battle_hexes: &[Hex] = s.battle.as_ref().map_or(&[], |b| &b.defenders);

        // Combat units (¶12–¶13): on their leaders' tracks, off the map.
        for (i, (u, info)) in s.units.iter().zip(self.manifest.units.iter()).enumerate() {
            if hidden[info.side.index()] || masked[info.side.index()] {
                continue;
            }
            let kind = match info.arm {
                Arm::Infantry => "infantry",
                Arm::Cavalry => "cavalry",
                Arm::Artillery => "artillery",
            };
            let (status, mut marks) = match u.leader {
                Some(l) if u.sp > 0 => (
                    "on_track",
                    alloc::vec![format!("track of {}", leader_name(l))],
                ),
                _ => ("out_of_play", Vec::new()),
            };
            if let Some(code) = &info.code {
                marks.insert(0, code.clone());
            }
            let v = p.push(
                info.id.clone(),
                info.name.clone(),
                info.side,
                kind,
                serde_json::json!({ "unit": i }),
                None,
                status,
                Some(u.sp.to_string()),
                marks,
            );
            v.steps = Some(u.sp);
            v.max_steps = Some(info.max);
        }

        // Leaders (¶17–¶19, ¶21, ¶30): Force Leaders and Unemployed Leaders on the map, the
        // subordinates on their portraits.
        for (i, (l, info)) in s
            .leaders
            .iter()
            .zip(self.manifest.leaders.iter())
            .enumerate()
        {
            let id = i as u16;
            let concealed = hidden[info.side.index()] || masked[info.side.index()];
            let (hex, status) = match l.place {
                LeaderPlace::Map(h) => (Some(h), "on_map"),
                LeaderPlace::Portrait(_) => (None, "subordinate"),
                LeaderPlace::Waiting => (None, "waiting"),
                LeaderPlace::Captured(_) => (None, "captured"),
                LeaderPlace::Out => (None, "out"),
            };
            if concealed && hex.is_none() {
                continue;
            }
            let mut marks = Vec::new();
            if l.revealed {
                marks.push("revealed".to_string());
            }
            let mut factors = None;
            if let LeaderPlace::Portrait(f) = l.place {
                marks.push(format!("under {}", leader_name(f)));
            } else if hex.is_some() && !concealed {
                if self.is_force(s, id) {
                    let make = self.force_make(s, id);
                    factors = Some(format!("{} SP", make.total()));
                    for sub in self.force_leaders(s, id).into_iter().skip(1) {
                        marks.push(format!("with {}", leader_name(sub)));
                    }
                } else {
                    marks.push("unemployed".to_string());
                }
            }
            if l.moved {
                marks.push("moved".to_string());
            }
            if battle_attackers.contains(&id) {
                marks.push("attacking".to_string());
            } else if hex.is_some_and(|h| battle_hexes.contains(&h)) {
                marks.push("defending".to_string());
            }
            if s.march
                .as_ref()
                .is_some_and(|m| m.leader == id && m.vedette.is_none())
            {
                marks.push("marching".to_string());
            }
            p.push(
                info.id.clone(),
                info.name.clone(),
                info.side,
                "leader",
                serde_json::json!({ "leader": i }),
                hex,
                status,
                factors,
                marks,
            );
        }

        // Vedettes (§66–§70).
        for (i, (v, info)) in s
            .vedettes
            .iter()
            .zip(self.manifest.vedettes.iter())
            .enumerate()
        {
            let (hex, status) = match v.place {
                VedettePlace::Map(h) => (Some(h), "on_map"),
                VedettePlace::Portrait(_) => (None, "with_force"),
                VedettePlace::Pool => (None, "pool"),
                VedettePlace::Gone => (None, "eliminated"),
            };
            if (hidden[info.side.index()] || masked[info.side.index()]) && hex.is_none() {
                continue;
            }
            let mut marks =
                alloc::vec![if info.cavalry { "cavalry" } else { "infantry" }.to_string()];
            if info.cossack {
                marks.push("cossack".to_string());
            }
            if info.freikorps {
                marks.push("freikorps".to_string());
            }
            if v.revealed {
                marks.push("revealed".to_string());
            }
            if let VedettePlace::Portrait(l) = v.place {
                marks.push(format!("with {}", leader_name(l)));
            }
            p.push(
                info.id.clone(),
                info.name.clone(),
                info.side,
                "vedette",
                serde_json::json!({ "vedette": i }),
                hex,
                status,
                None,
                marks,
            );
        }

        // Garrisons (§23–§25, §51–§54): in a fort on the map (printed strength, public), on a
        // leader's track (secret), off the map.
        for (i, (g, info)) in s
            .garrisons
            .iter()
            .zip(self.manifest.garrisons.iter())
            .enumerate()
        {
            let (hex, status, mut marks) = match g.place {
                GarrisonPlace::Map(h) => (Some(h), "on_map", Vec::new()),
                GarrisonPlace::Track(l) => (
                    None,
                    "on_track",
                    alloc::vec![format!("track of {}", leader_name(l))],
                ),
                GarrisonPlace::Available(_) => (None, "available", Vec::new()),
                GarrisonPlace::Gone => (None, "eliminated", Vec::new()),
            };
            if (hidden[info.side.index()] || masked[info.side.index()]) && hex.is_none() {
                continue;
            }
            if let Some(t) = &info.town {
                marks.push(t.clone());
            }
            let live = matches!(g.place, GarrisonPlace::Map(_) | GarrisonPlace::Track(_));
            let v = p.push(
                info.id.clone(),
                info.name.clone(),
                info.side,
                "garrison",
                serde_json::json!({ "garrison": i }),
                hex,
                status,
                live.then(|| g.sp.to_string()),
                marks,
            );
            v.steps = live.then_some(g.sp);
        }

        // Each army's Supply Source (¶58–¶60, §29–§33): face up, so public.
        for (a, sup) in s.supply.iter().enumerate() {
            let army = Army::ALL[a];
            let (hex, status) = match *sup {
                Supply::None => continue,
                Supply::Active(h) => (Some(h), "on_map"),
                Supply::Changing(_) => (None, "changing"),
                Supply::Captured(_) => (None, "captured"),
            };
            let name = format!("{army} Supply Source");
            let army_id = match army {
                Army::French => "french",
                Army::Russian => "russian",
                Army::Prussian => "prussian",
                Army::Austrian => "austrian",
            };
            p.push(
                format!("supply-{army_id}"),
                name,
                army.side(),
                "supply",
                serde_json::json!({ "army": army_id }),
                hex,
                status,
                None,
                Vec::new(),
            );
        }

        // Depots (§104, §208) in the scenario's area, by the side controlling them.
        for (i, (d, side)) in self.board.depots.iter().zip(s.depots.iter()).enumerate() {
            if !self.in_area(d.hex) {
                continue;
            }
            let mut marks = Vec::new();
            if let Some(c) = d.class {
                marks.push(format!("class {c}"));
            }
            p.push(
                format!("depot-{i}"),
                d.name.clone(),
                *side,
                "depot",
                serde_json::json!({ "depot": i }),
                Some(d.hex),
                "on_map",
                None,
                marks,
            );
        }

        // The other side's hidden stacks (an observation only): no identity.
        for (k, u) in s.unknown.iter().enumerate() {
            let mut marks = alloc::vec!["hidden".to_string()];
            if u.unemployed {
                marks.push("unemployed".to_string());
            }
            p.push(
                format!("unknown-{k}"),
                "?".to_string(),
                u.side,
                "unknown",
                serde_json::Value::Null,
                Some(u.hex),
                "on_map",
                None,
                marks,
            );
        }
        // Top of each stack: leaders first as added; depots (added late) sit under forces, but
        // unknown stacks were added last: draw them above the depot of their hex.
        for v in &mut p.out {
            if v.kind == "depot" {
                v.order += 100;
            }
        }
        p.out
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use crate::data::Library;
    use crate::engine::{Actor, Game, Rules, Side};
    use crate::hov::Hov;
    use crate::hov::state::{LeaderPlace, VedettePlace};

    const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

    fn load(id: &str) -> Hov {
        let lib = Library::builtin().expect("the built-in library");
        Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
    }

    /// What side `viewer` may not learn from `s` (¶20–¶22, §68): the names and ids of the other
    /// side's face-down leaders on the map and of its unrevealed vedettes.
    fn secrets(h: &Hov, s: &crate::hov::State, viewer: Side) -> Vec<String> {
        let mut out = Vec::new();
        // Names both sides print (the generic Major Generals) are no secret.
        let own = |name: &str| {
            h.manifest
                .leaders
                .iter()
                .any(|x| x.side == viewer && x.name == name)
        };
        for (l, info) in s.leaders.iter().zip(h.manifest.leaders.iter()) {
            if info.side != viewer && !l.revealed && matches!(l.place, LeaderPlace::Map(_)) {
                if !own(&info.name) {
                    out.push(alloc::format!("\"{}\"", info.name));
                }
                out.push(alloc::format!("\"{}\"", info.id));
            }
        }
        for (v, info) in s.vedettes.iter().zip(h.manifest.vedettes.iter()) {
            if info.side != viewer && !v.revealed && matches!(v.place, VedettePlace::Map(_)) {
                out.push(alloc::format!("\"{}\"", info.id));
            }
        }
        out
    }

    /// Checks the board of `viewer`'s observation of `s`: no secret of the other side, none
    /// of its strengths, one unknown counter per hidden stack, every own force on the map.
    fn check_observed_board(h: &Hov, s: &crate::hov::State, viewer: Side) {
        let o = h.observation(s, viewer);
        let b = h.board(&o).expect("a board");
        let json = serde_json::to_string(&b).expect("json");
        for secret in secrets(h, s, viewer) {
            if let Some(at) = json.find(&secret) {
                let around = &json[at.saturating_sub(200)..(at + 200).min(json.len())];
                panic!("{secret} in the board of {viewer}: ...{around}...");
            }
        }
        let other = viewer.other();
        for p in &b.pieces {
            if p.side == other.0 {
                assert!(
                    p.kind != "infantry" && p.kind != "cavalry" && p.kind != "artillery",
                    "an enemy unit listed: {}",
                    p.id
                );
                if p.kind == "leader" || p.kind == "unknown" {
                    assert_eq!(p.factors, None, "an enemy strength: {}", p.id);
                    assert_eq!(p.steps, None);
                    assert!(p.hex.is_some(), "an enemy leader off the map: {}", p.id);
                }
            }
        }
        let unknown = b.pieces.iter().filter(|p| p.kind == "unknown").count();
        assert_eq!(unknown, o.unknown.len());
        assert!(
            b.pieces
                .iter()
                .filter(|p| p.kind == "unknown")
                .all(|p| p.name == "?" && p.reference.is_null() && p.side == other.0)
        );
        // Each own leader on the map is drawn with his name.
        for (l, info) in s.leaders.iter().zip(h.manifest.leaders.iter()) {
            if info.side == viewer {
                if let LeaderPlace::Map(hx) = l.place {
                    let label = h.label(hx);
                    assert!(
                        b.pieces
                            .iter()
                            .any(|p| p.id == info.id && p.hex.as_deref() == Some(&label)),
                        "{} missing",
                        info.id
                    );
                }
            }
        }
    }

    #[test]
    fn r20_board_of_an_observation_hides_the_enemy_leaders_and_strengths() {
        // ¶20–¶21, §68: side 1's board at the start has every French force as a "?" counter,
        // no French leader name face down and no French strength; the true state's board
        // names them and gives their SP.
        for id in SCENARIOS {
            let h = load(id);
            let s = h.initial_state();
            let french_on_map: Vec<_> = s
                .leaders
                .iter()
                .zip(h.manifest.leaders.iter())
                .filter(|(l, i)| i.side == Side(0) && matches!(l.place, LeaderPlace::Map(_)))
                .map(|(_, i)| i)
                .collect();
            assert!(!french_on_map.is_empty(), "{id}: French leaders on the map");
            let b = h.board(&h.observation(&s, Side(1))).expect("board");
            let json = serde_json::to_string(&b).expect("json");
            for info in &french_on_map {
                assert!(
                    !json.contains(&alloc::format!("\"{}\"", info.name)),
                    "{id}: {}",
                    info.name
                );
            }
            assert!(b.pieces.iter().any(|p| p.kind == "unknown" && p.side == 0));
            assert!(
                !b.pieces
                    .iter()
                    .any(|p| p.side == 0 && (p.steps.is_some() && p.kind != "garrison"))
            );
            check_observed_board(&h, &s, Side(1));
            check_observed_board(&h, &s, Side(0));
            // The whole state: every French force on the map named, with its SP.
            let full = h.board(&s).expect("board");
            for info in &french_on_map {
                let p = full
                    .pieces
                    .iter()
                    .find(|p| p.id == info.id)
                    .expect("the leader");
                assert!(p.hex.is_some());
            }
            assert!(
                full.pieces
                    .iter()
                    .any(|p| p.side == 0 && p.kind == "leader" && p.factors.is_some())
            );
            assert!(!full.pieces.iter().any(|p| p.kind == "unknown"));
        }
    }

    #[test]
    fn r10_board_has_the_scenario_area_with_towns_and_rivers() {
        // ¶10, §221–§223: the hexes drawn are the scenario's area of the Poland map, named
        // places carry their names, and roads and rivers are hexside features.
        for id in SCENARIOS {
            let h = load(id);
            let b = h.board(&h.initial_state()).expect("board");
            assert_eq!(b.scheme, "hov");
            assert!(b.hexes.len() > 100, "{id}: {} hexes", b.hexes.len());
            assert!(
                b.hexes
                    .iter()
                    .all(|x| h.in_area(crate::hex::Hex::new(x.hex.q, x.hex.r)))
            );
            assert!(
                b.hexes.iter().any(|x| x.hex.name.is_some()),
                "{id}: a named place"
            );
            assert!(b.hexsides.iter().any(|x| x.feature.ends_with("_road")));
            assert!(b.hexsides.iter().any(|x| x.feature.ends_with("_river")));
            let ids: Vec<&str> = b.hexes.iter().map(|x| x.hex.id.as_str()).collect();
            for p in &b.pieces {
                if let Some(hx) = &p.hex {
                    assert!(
                        ids.contains(&hx.as_str()),
                        "{id}: {} at {hx} off the board",
                        p.id
                    );
                }
            }
        }
    }

    #[test]
    fn r20_random_play_boards_never_show_a_hidden_item() {
        // From each scenario's start, a few hundred random legal actions (a simple LCG), each
        // listed action applying; every few states the board of each side's observation is
        // checked for the other side's secrets.
        for id in SCENARIOS {
            let h = load(id);
            let mut g = Game::new(h.clone(), 7);
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            let mut acts = Vec::new();
            for n in 0..300 {
                let s = g.state().clone();
                if n % 10 == 0 {
                    check_observed_board(&h, &s, Side(0));
                    check_observed_board(&h, &s, Side(1));
                }
                match h.actor(&s) {
                    Actor::Terminal(_) => break,
                    Actor::Chance(_) => {
                        g.roll().expect("roll");
                    }
                    Actor::Player(_) => {
                        acts.clear();
                        h.legal_actions(&s, &mut acts);
                        assert!(!acts.is_empty(), "{id}: no action at step {n}");
                        x = x
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        let a = acts[((x >> 33) as usize) % acts.len()].clone();
                        g.step(&a).unwrap_or_else(|e| panic!("{id}: {a:?}: {e}"));
                    }
                }
            }
        }
    }
}
