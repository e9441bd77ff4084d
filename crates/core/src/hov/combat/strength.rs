//! ¶146 step 6, ¶162, ¶166, §38–§43, §74, §167: the strengths compared for the odds, after
//! terrain. Artillery counts only when the defenders are nothing else, and then as one SP of
//! infantry (¶162); vedettes count ½ SP when alone and nothing beside real forces (§74).
//! Terrain strength effects are not cumulative: of those that apply, the defender chooses one
//! (¶166); the engine takes the one that leaves the attacker the lowest odds (a reading: the
//! choice is the defender's and there is nothing else to weigh).

use super::super::types::{Half, round_up};

/// What one side brings to a combat, in SP by type, and its vedettes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Forces {
    /// Infantry SP.
    pub inf: u32,
    /// Cavalry SP.
    pub cav: u32,
    /// Artillery SP.
    pub art: u32,
    /// Vedettes (§74).
    pub vedettes: u32,
}

impl Forces {
    /// Real strength, artillery excluded (¶146 step 6).
    pub const fn real(&self) -> u32 {
        self.inf + self.cav
    }
}

/// The terrain facts that change strengths (TEC, §38–§43, §167).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Terrain {
    /// Some attacking hex is Swamp: attacking out of it (§39).
    pub attacker_in_swamp: bool,
    /// Some defending hex is Swamp: attacking into it, and its cavalry defends at half (§39).
    pub defender_in_swamp: bool,
    /// Some defending hex is Woods or Wooded Hills (§40).
    pub defender_in_woods: bool,
    /// Defending SP sheltered by a Fortified Town (§41–§42: doubled, at most five extra).
    pub fort_sp: u32,
    /// Defending infantry SP in a redoubt (§167: up to four doubled).
    pub redoubt_inf: u32,
}

/// One terrain strength effect (TEC "Combat Effects"), of which one applies (¶166).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// No terrain effect applies.
    None,
    /// §39: attackers into or out of Swamp at half; cavalry defending in Swamp at half.
    Swamp,
    /// §40: infantry attacking into Woods less a quarter, cavalry at half.
    Woods,
    /// §42: the defenders in a Fortified Town doubled, at most five extra SP.
    Fort,
    /// §167: up to four infantry SP in a redoubt doubled.
    Redoubt,
}

/// The strengths compared (¶146 step 6), and the terrain effect that was applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Compared {
    /// The attacker's strength.
    pub att: Half,
    /// The defender's strength.
    pub def: Half,
    /// The effect applied (¶166).
    pub effect: Effect,
}

/// A side's strength before terrain: infantry and cavalry, or ½ SP a vedette when there is
/// nothing else (§74); a defender of artillery alone is one SP of infantry (¶162).
fn base(f: &Forces, defending: bool) -> (u32, u32) {
    if f.real() == 0 && defending && f.art > 0 {
        return (1, 0);
    }
    (f.inf, f.cav)
}

fn with_effect(att: &Forces, def: &Forces, t: &Terrain, e: Effect) -> Compared {
    let (ai, ac) = base(att, false);
    let (di, dc) = base(def, true);
    let (mut ai2, mut ac2, mut di2, mut dc2) = (ai * 2, ac * 2, di * 2, dc * 2);
    let mut bonus = 0;
    match e {
        Effect::None => {}
        Effect::Swamp => {
            if t.attacker_in_swamp || t.defender_in_swamp {
                ai2 = round_up(ai, 2) * 2;
                ac2 = round_up(ac, 2) * 2;
            }
            if t.defender_in_swamp {
                dc2 = round_up(dc, 2) * 2;
            }
        }
        Effect::Woods => {
            ai2 = round_up(ai * 3, 4) * 2;
            ac2 = round_up(ac, 2) * 2;
        }
        Effect::Fort => bonus = t.fort_sp.min(5).min(di + dc),
        Effect::Redoubt => bonus = t.redoubt_inf.min(4).min(di),
    }
    di2 += bonus * 2;
    let vedette = |f: &Forces, real: u32| if real == 0 { f.vedettes } else { 0 };
    let att_h = ai2 + ac2 + vedette(att, ai + ac);
    let def_h = di2
        + dc2
        + if def.real() == 0 && def.art == 0 {
            def.vedettes
        } else {
            0
        };
    Compared {
        att: Half(att_h),
        def: Half(def_h),
        effect: e,
    }
}

/// The effects that apply to this combat (TEC; ¶166 lets the defender pick one).
pub fn effects(t: &Terrain, def: &Forces) -> impl Iterator<Item = Effect> + use<> {
    let real_def = def.real() > 0;
    [
        (Effect::Swamp, t.attacker_in_swamp || t.defender_in_swamp),
        (Effect::Woods, t.defender_in_woods),
        (Effect::Fort, t.fort_sp > 0 && real_def),
        (Effect::Redoubt, t.redoubt_inf > 0 && def.inf > 0),
    ]
    .into_iter()
    .filter_map(|(e, on)| on.then_some(e))
}

/// ¶146 step 6 with ¶166: the strengths after the one terrain effect the defender picks, the
/// one that gives the attacker the lowest ratio (ties: the first in the TEC's order).
pub fn compare(att: &Forces, def: &Forces, t: &Terrain) -> Compared {
    let mut best = with_effect(att, def, t, Effect::None);
    let mut first = true;
    for e in effects(t, def) {
        let c = with_effect(att, def, t, e);
        // c is better for the defender when att_c/def_c < att_b/def_b.
        let lower = u64::from(c.att.0) * u64::from(best.def.0.max(1))
            < u64::from(best.att.0) * u64::from(c.def.0.max(1));
        if first || lower {
            best = c;
            first = false;
        }
    }
    best
}
