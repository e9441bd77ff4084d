"""Counter templates (all provisional unless a battle file overrides a value's provenance).

A template gives the printed SP-MR-MA per step count, the shock points (cavalry) and flags.
Scale (rule 1.0): an infantry SP is about 400 men, a cavalry SP about 200 men; 3-4 step units
are brigades, 2-step units regiments, 1-step units battalions; artillery 10-20 guns.
"""

from pgdata import Unit, lines_values

# name: (type, lines, shock, fast, paren_steps)
TEMPLATES = {
    # Prussian infantry, modelled on the rulebook example units (10.3, 10.8.1.3, 10.8.1.4).
    "P4": ("infantry", {4: [8, 6, 3], 3: [7, 5, 3], 2: [5, 4, 3], 1: [3, 3, 3]}, None, False, 0),
    "P3": ("infantry", {3: [7, 5, 3], 2: [5, 4, 3], 1: [3, 3, 3]}, None, False, 0),
    "P2": ("infantry", {2: [5, 5, 3], 1: [3, 4, 3]}, None, False, 0),
    "P2w": ("infantry", {2: [4, 5, 3], 1: [2, 4, 3]}, None, False, 0),
    "G1": ("infantry", {1: [3, 6, 3]}, None, False, 0),
    "G1s": ("infantry", {1: [2, 6, 3]}, None, False, 0),
    "FK": ("infantry", {2: [3, 3, 4], 1: [2, 2, 4]}, None, True, 1),
    # Prussian cavalry: cuirassiers shock 2, dragoons 1, hussars 0 (10.5.1 example).
    "K3": ("cavalry", {3: [7, 5, 5], 2: [5, 5, 5], 1: [3, 4, 5]}, 2, True, 0),
    "K2": ("cavalry", {2: [5, 5, 5], 1: [3, 4, 5]}, 2, True, 0),
    "D3": ("cavalry", {3: [6, 5, 5], 2: [4, 4, 5], 1: [2, 3, 5]}, 1, True, 0),
    "D2": ("cavalry", {2: [4, 5, 5], 1: [2, 4, 5]}, 1, True, 0),
    "H2": ("cavalry", {2: [4, 4, 6], 1: [2, 3, 6]}, 0, True, 0),
    "H1": ("cavalry", {1: [2, 4, 6]}, 0, True, 0),
    # Austrian infantry: the 2-step sides follow the 10.8.3.5 example units (4-4-3 / 2-2-2,
    # 4-3-3, light 3-3-5).
    "A4": ("infantry", {4: [8, 5, 3], 3: [6, 4, 3], 2: [4, 4, 3], 1: [2, 2, 2]}, None, False, 0),
    "A3": ("infantry", {3: [6, 4, 3], 2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 0),
    "A2": ("infantry", {2: [4, 4, 3], 1: [2, 2, 2]}, None, False, 0),
    "AL2": ("infantry", {2: [3, 3, 5], 1: [2, 2, 5]}, None, True, 0),
    "AK2": ("cavalry", {2: [5, 4, 5], 1: [3, 3, 5]}, 2, True, 0),
    "AD2": ("cavalry", {2: [4, 4, 5], 1: [2, 3, 5]}, 1, True, 0),
    "AH2": ("cavalry", {2: [3, 4, 6], 1: [2, 3, 6]}, 0, True, 0),
    # Saxon chevaulegers, German auxiliaries (Wurt, Wurz, Bav).
    "SX2": ("cavalry", {2: [3, 4, 6], 1: [2, 3, 6]}, 1, True, 0),
    "W3": ("infantry", {3: [5, 3, 3], 2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 0),
    "W2": ("infantry", {2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 0),
    # French, Swiss and German (French service) infantry; French cavalry.
    "F4": ("infantry", {4: [7, 4, 3], 3: [5, 4, 3], 2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 0),
    "F4S": ("infantry", {4: [8, 5, 3], 3: [6, 4, 3], 2: [4, 4, 3], 1: [2, 3, 3]}, None, False, 0),
    "F3G": ("infantry", {3: [5, 3, 3], 2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 0),
    "FK2": ("cavalry", {2: [4, 4, 5], 1: [2, 3, 5]}, 1, True, 0),
    "FG2": ("cavalry", {2: [5, 4, 5], 1: [3, 3, 5]}, 2, True, 0),
    # Reichsarmee (Kreis) infantry and cavalry: weak, parenthesised last step.
    "RA3": ("infantry", {3: [4, 3, 3], 2: [3, 3, 3], 1: [2, 2, 3]}, None, False, 1),
    "RK2": ("cavalry", {2: [3, 3, 5], 1: [2, 2, 5]}, 1, True, 1),
    # Russian infantry (steady), Observation Corps (new, weak), grenadiers; cavalry; Cossacks.
    "R4": ("infantry", {4: [8, 5, 3], 3: [6, 5, 3], 2: [4, 4, 3], 1: [2, 3, 3]}, None, False, 0),
    "R3": ("infantry", {3: [6, 5, 3], 2: [4, 4, 3], 1: [2, 3, 3]}, None, False, 0),
    "RG3": ("infantry", {3: [7, 5, 3], 2: [5, 4, 3], 1: [3, 3, 3]}, None, False, 0),
    "RO3": ("infantry", {3: [6, 3, 3], 2: [4, 3, 3], 1: [2, 2, 3]}, None, False, 1),
    "RK2c": ("cavalry", {2: [4, 4, 5], 1: [2, 3, 5]}, 2, True, 0),
    "RHG2": ("cavalry", {2: [4, 4, 5], 1: [2, 3, 5]}, 1, True, 0),
    "RH2": ("cavalry", {2: [3, 3, 6], 1: [2, 2, 6]}, 0, True, 0),
    "CO2": ("cavalry", {2: [2, 2, 6], 1: [1, 2, 6]}, 0, True, 1),
}

# name: (steps, bs, ma, mr)
ARTILLERY = {
    "PHV": (2, [4, 3, 2], 2, 5),  # Prussian heavy 12-pounders
    "PFD": (2, [3, 2, 1], 3, 5),  # Prussian field guns
    "AHV": (2, [4, 3, 2], 2, 4),
    "AFD": (2, [3, 2, 1], 2, 4),
    "FFD": (2, [3, 2, 1], 2, 4),
    "RAF": (1, [2, 1, 1], 2, 3),  # Reichsarmee
    "RUH": (2, [4, 3, 1], 2, 4),  # Russian heavy
    "RUS": (2, [3, 3, 2], 2, 4),  # Russian Shuvalov howitzers
}


class Roster:
    """Builds the counters of one battle."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.units = []
        self.ids = set()

    def _id(self, side, slug):
        uid = "%s-%s-%s" % (self.prefix, side[0], slug)
        assert uid not in self.ids, uid
        self.ids.add(uid)
        return uid

    def add(self, side, slug, template, name, nation, wing, hex_=None, note=None, in_column=False,
            reinforcement=None, lines=None, shock=None, prov=None):
        utype, tl, tshock, fast, paren = TEMPLATES[template]
        lines = lines if lines is not None else tl
        steps = max(lines)
        values = {"steps": steps}
        values.update(lines_values(lines))
        values["paren_steps"] = paren
        if utype == "cavalry":
            values["shock"] = shock if shock is not None else tshock
        values["fast"] = fast
        values["nation"] = nation
        values["wing"] = wing
        u = Unit(self._id(side, slug), side, utype, name, values, hex_, prov, note, in_column, reinforcement)
        self.units.append(u)
        return u

    def art(self, side, slug, template, name, nation, hex_=None, note=None, reinforcement=None):
        steps, bs, ma, mr = ARTILLERY[template]
        values = {"steps": steps, "bs": bs, "mr": mr, "ma": ma, "nation": nation}
        u = Unit(self._id(side, slug), side, "artillery", name, values, hex_, None, note, False, reinforcement)
        self.units.append(u)
        return u

    def leader(self, side, slug, name, nation, role, leads=None, initiative=0, special="", morale_mod=0,
               ma=8, hex_=None, note=None, in_column=False, reinforcement=None, prov=None, values_prov=None):
        values = {"ma": ma, "nation": nation, "role": role}
        if leads:
            values["leads"] = leads
        values["initiative"] = initiative
        values["special"] = special
        values["morale_mod"] = morale_mod
        for k, p in (values_prov or {}).items():
            values[k] = {"value": values[k], "provenance": p}
        u = Unit(self._id(side, slug), side, "leader", name, values, hex_, prov, note, in_column, reinforcement)
        self.units.append(u)
        return u
