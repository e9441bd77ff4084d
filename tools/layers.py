#!/usr/bin/env python3
"""Checks the layers inside a game system (docs/engine.md, "Layers": inside a system).

    python3 tools/layers.py                 # check pg and nbs
    python3 tools/layers.py --graph nbs     # also print every import edge

The import graph of a system folder (crates/core/src/<sys>, test code left out) is built from
its `use` declarations and from the paths written in its code (`super::x::Y`,
`crate::<sys>::x::Y`, `child::Y`), each resolved to the module that defines the item named
(following `use` re-exports and globs). Method calls are not edges: the split `impl` of the
rules struct is how sections call each other, and it is allowed to go both ways.

Three checks, each a list of what breaks it (the exit status is 1 when one is not empty):
1. The lower modules (LOWER below) import nothing of the system outside the lower modules: no
   rule section and not the rules struct's mod.rs.
2. A rule section imports no type or function of another rule section (the modules in TOP,
   which sit above the sections, may); the shared modules (SHARED) import only the lower
   modules and the rules struct.
3. Every circle of imports passes through the mod.rs of a folder and stays inside that folder:
   the system's mod.rs with the sections that implement the rules struct it defines, or
   tables/mod.rs with the chart files that fill its `Tables`. Any other circle is reported.
"""
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'crates', 'core', 'src')

# The modules below the rule sections, per system (top-level module names).
LOWER = {
    'pg': {'action', 'board', 'charts', 'describe', 'event', 'pghex', 'rules_list', 'state',
           'units'},
    'nbs': {'action', 'board', 'event', 'order_log', 'state', 'tables', 'types', 'units'},
    'fontenoy': {'action', 'board', 'event', 'fhex', 'geometry', 'stacking', 'state', 'tables',
                 'types', 'units'},
    'hov': {'action', 'board', 'charts', 'event', 'hhex', 'losses', 'state', 'types', 'units'},
}
# Questions about a state that every section asks, above the lower modules and below the
# sections: sections may import them.
SHARED = {
    'pg': set(),
    'nbs': {'query'},
    'fontenoy': {'occupancy'},
    'hov': {'zoc'},
}
# The engine contract's glue above the sections (building the rules value, handing an action
# to the section of the phase): it may import a section's items.
TOP = {
    'pg': {'dispatch', 'position', 'rules', 'setup'},
    'nbs': set(),
    'fontenoy': {'preview', 'rules', 'setup', 'view'},
    'hov': {'flow', 'rules', 'setup'},
}


def strip(src):
    """The source without comments, string and char literals."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
        elif src.startswith('/*', i):
            j = src.find('*/', i)
            i = n if j < 0 else j + 2
        elif c == 'r' and re.match(r'r#*"', src[i:i + 10]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == '_')):
            m = re.match(r'r(#*)"', src[i:])
            end = '"' + m.group(1)
            j = src.find(end, i + len(m.group(0)))
            out.append('""')
            i = j + len(end)
        elif c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i:i + 12]):
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def block_end(src, open_brace):
    depth = 0
    j = open_brace
    while True:
        if src[j] == '{':
            depth += 1
        elif src[j] == '}':
            depth -= 1
            if depth == 0:
                return j
        j += 1


def drop_tests(src):
    """The source without `#[cfg(test)]` modules, imports and functions."""
    pat = re.compile(r'#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(mod\s+\w+\s*;|use\b[^;]*;|(?:mod|fn|impl)\b[^{;]*\{)')
    while True:
        m = pat.search(src)
        if not m:
            return src
        end = m.end() if m.group(1).endswith(';') else block_end(src, m.end() - 1) + 1
        src = src[:m.start()] + src[end:]


def load(sysname):
    """Module path (tuple) -> stripped source, inline modules split out as modules of their own."""
    base = os.path.join(ROOT, sysname)
    raw = {}
    for dp, _, fns in os.walk(base):
        for fn in fns:
            if fn.endswith('.rs'):
                rel = os.path.relpath(os.path.join(dp, fn), base)[:-3].split(os.sep)
                if rel[-1] == 'mod':
                    rel = rel[:-1]
                raw[(sysname,) + tuple(rel)] = open(os.path.join(dp, fn)).read()
    tests = set()
    for mod, src in raw.items():
        for m in re.finditer(r'#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;', src):
            tests.add(mod + (m.group(1),))
    srcs = {}
    for mod, src in raw.items():
        if any(mod[:k] in tests for k in range(2, len(mod) + 1)):
            continue
        src = re.sub(r'pub\(in [^)]*\)', 'pub', drop_tests(strip(src)))
        # inline modules become modules of their own
        while True:
            m = re.search(r'^[ \t]*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*\{', src, re.M)
            if not m:
                break
            end = block_end(src, m.end() - 1)
            srcs[mod + (m.group(1),)] = src[m.end():end]
            src = src[:m.start()] + 'mod ' + m.group(1) + ';' + src[end + 1:]
        srcs[mod] = src
    return srcs


def tokenize(t):
    return re.findall(r'::|\{|\}|,|\*|\w+', t)


def parse_tree(tokens, i, prefix, out):
    path = list(prefix)
    while i < len(tokens):
        tok = tokens[i]
        if tok == '{':
            i += 1
            while tokens[i] != '}':
                i = parse_tree(tokens, i, path, out)
                if tokens[i] == ',':
                    i += 1
            return i + 1
        if tok == '*':
            out.append((tuple(path), '*', '*'))
            return i + 1
        if tok == '::':
            i += 1
        elif tok in (',', '}'):
            break
        elif tok == 'as':
            out.append((tuple(path[:-1]), path[-1], tokens[i + 1]))
            return i + 2
        else:
            path.append(tok)
            i += 1
    if path != list(prefix):
        out.append((tuple(path[:-1]), path[-1], path[-1]))
    return i


class Graph:
    def __init__(self, sysname):
        self.sys = sysname
        self.srcs = load(sysname)
        self.children = defaultdict(set)
        for m in self.srcs:
            if len(m) > 1:
                self.children[m[:-1]].add(m[-1])
        item = re.compile(r'^(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|unsafe\s+|async\s+)*(?:struct|enum|fn|const|static|type|trait|union|macro_rules!)\s*(\w+)', re.M)
        self.defs = {m: set(item.findall(s)) for m, s in self.srcs.items()}
        self.uses = defaultdict(list)
        self.code = {}
        use = re.compile(r'(?:^|[;{}\n])\s*(?:#\[[^\]]*\]\s*)*(pub(?:\([^)]*\))?\s+)?use\s+([^;]*);')
        for m, s in self.srcs.items():
            rest, last = [], 0
            for mm in use.finditer(s):
                out = []
                parse_tree(tokenize(mm.group(2)), 0, [], out)
                for path, name, alias in out:
                    if name == 'self':
                        name, path = path[-1], path[:-1]
                        alias = name if alias == 'self' else alias
                    self.uses[m].append((path, name, alias))
                rest.append(s[last:mm.start()])
                last = mm.end()
            rest.append(s[last:])
            self.code[m] = ' '.join(rest)
        self.edges = defaultdict(lambda: defaultdict(set))
        for m in self.srcs:
            for path, name, _ in self.uses[m]:
                ap = self.absolute(m, path if name == '*' else path + (name,))
                if ap is not None:
                    self.add(m, self.resolve(ap), '::'.join(ap[1:]) + ('::*' if name == '*' else ''))
            for mm in re.finditer(r'(?<![\w:])((?:super|self|crate|[a-z_]\w*)(?:::\w+)+)', self.code[m]):
                segs = tuple(mm.group(1).split('::'))
                if segs[0] not in ('super', 'self', 'crate') and segs[0] not in self.children[m]:
                    continue
                ap = self.absolute(m, segs)
                if ap is not None:
                    self.add(m, self.resolve(ap), '::'.join(ap[1:]))

    def add(self, a, b, what):
        if a != b and b is not None:
            self.edges[a][b].add(what)

    def absolute(self, mod, path):
        if not path:
            return None
        p = list(path)
        if p[0] == 'crate':
            return tuple(p[1:]) if len(p) > 1 and p[1] == self.sys else None
        cur = list(mod)
        if p[0] == 'self':
            return tuple(cur + p[1:])
        if p[0] == 'super':
            while p and p[0] == 'super':
                cur, p = cur[:-1], p[1:]
            return tuple(cur + p)
        if p[0] in self.children[mod]:
            return tuple(cur + p)
        return None

    def lookup(self, mod, name, seen):
        if (mod, name) in seen or mod not in self.srcs:
            return None
        seen.add((mod, name))
        if name in self.children[mod]:
            return mod + (name,)
        if name in self.defs[mod]:
            return mod
        for path, n, alias in self.uses[mod]:
            if alias == name and n != '*':
                ap = self.absolute(mod, path + (n,))
                return None if ap is None else self.resolve(ap, seen)
        for path, n, _ in self.uses[mod]:
            if n == '*':
                ap = self.absolute(mod, path)
                if ap is not None and ap in self.srcs:
                    r = self.lookup(ap, name, seen)
                    if r is not None:
                        return r
        return None

    def resolve(self, ap, seen=None):
        """The module defining what the absolute path `ap` names (the module, for a module)."""
        seen = seen if seen is not None else set()
        cur = (ap[0],)
        for seg in ap[1:]:
            if seg in self.children[cur]:
                cur = cur + (seg,)
                continue
            r = self.lookup(cur, seg, seen)
            return r if r is not None else cur
        return cur


def name(m):
    return '::'.join(m[1:]) or 'mod.rs'


def sccs(nodes, succ):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ.get(v, ()):
            if w not in nodes:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return [c for c in out if len(c) > 1]


def bad_circles(nodes, succ):
    """Circles that do not pass through the mod.rs of a folder holding all their modules."""
    bad = []
    for comp in sccs(nodes, succ):
        head = [c for c in comp if all(o[:len(c)] == c for o in comp)]
        if head:
            bad += bad_circles(set(comp) - set(head), succ)
        else:
            bad.append(comp)
    return bad


def check(sysname, graph_out):
    g = Graph(sysname)
    lower, shared, top = LOWER[sysname], SHARED[sysname], TOP[sysname]
    problems = []
    if graph_out:
        for a in sorted(g.edges):
            for b in sorted(g.edges[a]):
                print('%s: %s -> %s: %s' % (sysname, name(a), name(b), ', '.join(sorted(g.edges[a][b]))))
    for a in sorted(g.edges):
        for b in sorted(g.edges[a]):
            what = ', '.join(sorted(g.edges[a][b]))
            ta = a[1] if len(a) > 1 else None
            tb = b[1] if len(b) > 1 else None
            if ta in lower and tb not in lower:
                problems.append('lower module %s imports %s (%s)' % (name(a), name(b), what))
            elif ta in shared and tb is not None and tb not in lower and tb != ta:
                problems.append('shared module %s imports %s (%s)' % (name(a), name(b), what))
            elif (ta is not None and ta not in lower | shared | top and tb is not None
                  and tb not in lower | shared and tb != ta):
                problems.append('section %s imports section %s (%s)' % (name(a), name(b), what))
    succ = {a: set(bs) for a, bs in g.edges.items()}
    for comp in bad_circles(set(g.srcs), succ):
        cs = set(comp)
        lines = ['%s -> %s (%s)' % (name(a), name(b), ', '.join(sorted(g.edges[a][b])))
                 for a in sorted(cs) for b in sorted(succ.get(a, ())) if b in cs]
        problems.append('circle: ' + '; '.join(lines))
    return problems


def main():
    args = sys.argv[1:]
    graph_out = '--graph' in args
    systems = [a for a in args if not a.startswith('--')] or sorted(LOWER)
    failed = False
    for s in systems:
        problems = check(s, graph_out)
        for p in problems:
            print('%s: %s' % (s, p))
        print('%s: %s' % (s, 'layers ok' if not problems else '%d problem(s)' % len(problems)))
        failed |= bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
