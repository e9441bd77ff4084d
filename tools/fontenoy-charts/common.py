"""Helpers shared by the Fontenoy chart generator (gen.py).

A cell of a chart that has a published file and a provisional twin is written as:
  * a plain value or K(value, rules, note): given by the rulebook text (published);
  * P(value, note): not in the text; "missing" in the published file, `value` in the twin.
"""
import json

M = "missing"


class K:
    """A value the rulebook text gives; `rules` overrides the chart's own rules."""

    def __init__(self, value, rules=None, note=None):
        self.value, self.rules, self.note = value, rules, note


class P:
    """A value the text does not give: missing in the published chart, `value` in the twin."""

    def __init__(self, value, note=None):
        self.value, self.note = value, note


def RB(rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def PV(note):
    return {"kind": "provisional", "note": note}


def col(id, ty, name=None, codes=None, rules=None, note=None):
    c = {"id": id, "type": ty}
    if name:
        c["name"] = name
    if codes:
        c["codes"] = list(codes)
    if rules:
        c["rules"] = list(rules)
    if note:
        c["note"] = note
    return c


def dumps(v):
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def published_cell(c, default_rules):
    if isinstance(c, P):
        return M
    if isinstance(c, K):
        if c.rules is None and c.note is None:
            return c.value
        return {"value": c.value, "provenance": RB(c.rules or default_rules, c.note)}
    return c


def twin_cell(c, default_rules):
    if isinstance(c, P):
        return c.value if c.note is None else {"value": c.value, "note": c.note}
    if isinstance(c, K):
        return {"value": c.value, "provenance": RB(c.rules or default_rules, c.note)}
    return {"value": c, "provenance": RB(default_rules)}


def has_p(rows):
    return any(isinstance(c, P) for r in rows for c in r)


def render(d):
    """A chart or terrain dict as JSON text: one line per column, row, attribute value."""
    out = ["{"]
    items = list(d.items())
    for n, (k, v) in enumerate(items):
        end = "," if n + 1 < len(items) else ""
        if k == "provenance":
            inner = [f'    "{pk}": {dumps(pv)}' for pk, pv in v.items()]
            out.append(f'  "{k}": {{')
            out.append(",\n".join(inner))
            out.append(f"  }}{end}")
        elif k in ("columns", "rows", "hex_attributes", "hexside_attributes"):
            out.append(f'  "{k}": [')
            for m, x in enumerate(v):
                e2 = "," if m + 1 < len(v) else ""
                out.append(f"    {dumps(x)}{e2}")
            out.append(f"  ]{end}")
        elif k in ("hex_terrain", "hexside_features"):
            out.append(f'  "{k}": [')
            for m, t in enumerate(v):
                e2 = "," if m + 1 < len(v) else ""
                out.append("    {")
                titems = list(t.items())
                for q, (tk, tv) in enumerate(titems):
                    e3 = "," if q + 1 < len(titems) else ""
                    if tk == "values":
                        out.append('      "values": {')
                        vitems = list(tv.items())
                        for w, (vk, vv) in enumerate(vitems):
                            e4 = "," if w + 1 < len(vitems) else ""
                            out.append(f'        "{vk}": {dumps(vv)}{e4}')
                        out.append(f"      }}{e3}")
                    else:
                        out.append(f'      "{tk}": {dumps(tv)}{e3}')
                out.append(f"    }}{e2}")
            out.append(f"  ]{end}")
        else:
            out.append(f'  "{k}": {dumps(v)}{end}')
    out.append("}")
    return "\n".join(out) + "\n"


FILES = {}


def chart_dict(name, title, prov, columns, rows, key=None, rules=None, dice=None, note=None):
    d = {"format": "grognard/1", "kind": "chart", "id": f"fontenoy/{name}", "system": "fontenoy",
         "name": title, "provenance": prov}
    if note:
        d["note"] = note
    if rules:
        d["rules"] = list(rules)
    if dice:
        d["dice"] = dice
    d["columns"] = columns
    if key:
        d["key"] = key
    d["rows"] = rows
    return d


def emit(path, d):
    assert path not in FILES, path
    FILES[path] = render(d)


def complete_chart(name, title, rules, note_prov, columns, rows, key=None, dice=None, note=None):
    """A chart the text gives in full: one rulebook file, no twin."""
    for r in rows:
        for c in r:
            assert not isinstance(c, P), (name, r)
    out = [[published_cell(c, rules) for c in r] for r in rows]
    emit(f"charts/{name}.json",
         chart_dict(name, title, RB(rules, note_prov), columns, out, key, rules, dice, note))


def pair(name, title, rules, note_pub, note_prov, columns, rows, key=None, dice=None, note=None):
    """A published chart (missing where the text is silent) and its `-provisional` twin."""
    assert has_p(rows), name
    kcol = 0 if key is None else [c["id"] for c in columns].index(key)
    pub, twin = [], []
    for r in rows:
        assert len(r) == len(columns), (name, r)
        pub.append([c if i == kcol else published_cell(c, rules) for i, c in enumerate(r)])
        twin.append([c if i == kcol else twin_cell(c, rules) for i, c in enumerate(r)])
    emit(f"charts/{name}.json",
         chart_dict(name, title, RB(rules, note_pub), columns, pub, key, rules, dice, note))
    emit(f"charts/{name}-provisional.json",
         chart_dict(f"{name}-provisional", f"{title} (provisional completion)", PV(note_prov),
                    columns, twin, key, rules, dice, note))
