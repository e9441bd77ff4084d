"""The JSON layout every scenario generator under tools/ writes (two-space indents; what fits
in 160 columns on one line; long lists of scalars wrapped several to a line), so that the
data files of all systems read alike. Stdlib only."""

import json


def dumps(obj, depth=0):
    """JSON with two-space indents; anything that fits in 160 columns on one line, and long lists
    of scalars wrapped several to a line."""
    pad, pad1 = "  " * depth, "  " * (depth + 1)

    def inline(o):
        return json.dumps(o, ensure_ascii=False, separators=(", ", ": "))

    if not isinstance(obj, (dict, list)) or not obj:
        return inline(obj)
    small = inline(obj)
    if depth > 0 and len(small) + len(pad) <= 160:
        return small
    if isinstance(obj, list) and all(not isinstance(v, (dict, list)) for v in obj):
        lines, cur = [], ""
        for v in obj:
            t = inline(v)
            if cur and len(pad1) + len(cur) + 2 + len(t) > 160:
                lines.append(cur + ",")
                cur = t
            else:
                cur = t if not cur else cur + ", " + t
        lines.append(cur)
        return "[\n" + "\n".join(pad1 + x for x in lines) + "\n" + pad + "]"
    if isinstance(obj, dict):
        items = ["%s%s: %s" % (pad1, json.dumps(k, ensure_ascii=False), dumps(v, depth + 1))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    return "[\n" + ",\n".join(pad1 + dumps(v, depth + 1) for v in obj) + "\n" + pad + "]"
