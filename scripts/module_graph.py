#!/usr/bin/env python3
"""The import graph of a crate's top-level modules, read from its source.

Every `crate::NAME` path and every `use crate::{NAME, ...}` in a module's
code (not its comments) counts as an import of the top-level module NAME. Prints the modules,
the import circles (strongly connected components of more than one module),
the longest chain of imports (when there is no circle), each module's
imports, and the largest files and functions.

    python3 scripts/module_graph.py crates/web/src
"""
import os
import re
import sys


def top_modules(src):
    mods = {}
    for entry in sorted(os.listdir(src)):
        path = os.path.join(src, entry)
        if entry.endswith(".rs") and entry not in ("lib.rs", "main.rs"):
            mods.setdefault(entry[:-3], []).append(path)
        elif os.path.isdir(path):
            for root, _, files in os.walk(path):
                for f in files:
                    if f.endswith(".rs"):
                        mods.setdefault(entry, []).append(os.path.join(root, f))
    return mods


def imports(paths, names):
    found = set()
    for p in paths:
        text = open(p, encoding="utf-8").read()
        # Comments and doc comments name modules without importing them.
        text = re.sub(r"//[^\n]*", "", text)
        for m in re.finditer(r"crate::(\w+)", text):
            found.add(m.group(1))
        for m in re.finditer(r"crate::\{([^}]*)\}", text, re.S):
            for part in re.split(r"[,\s]+", m.group(1)):
                found.add(part.split("::")[0])
    return {n for n in found if n in names}


def sccs(graph):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
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

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def longest_chain(graph):
    memo = {}

    def depth(v):
        if v not in memo:
            memo[v] = 1 + max((depth(w) for w in graph[v]), default=0)
        return memo[v]

    start = max(graph, key=depth)
    chain = [start]
    while graph[chain[-1]]:
        chain.append(max(graph[chain[-1]], key=depth))
    return chain


def functions(paths):
    found = []
    for p in paths:
        lines = open(p, encoding="utf-8").read().split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"^(\s*)(pub(\([^)]*\))? )?(async )?fn (\w+)", line)
            if not m:
                continue
            indent = m.group(1)
            k = i
            while k < len(lines) and not lines[k].rstrip().endswith(("{", ";")):
                k += 1
            if k < len(lines) and lines[k].rstrip().endswith(";"):
                continue  # a declaration without a body
            j = i + 1
            while j < len(lines) and lines[j].rstrip() != indent + "}":
                j += 1
            found.append((j - i + 1, p, m.group(5)))
    return found


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "crates/web/src"
    mods = top_modules(src)
    graph = {m: sorted(imports(ps, mods) - {m}) for m, ps in mods.items()}
    print(f"top-level modules: {len(mods)}")
    circles = [c for c in sccs(graph) if len(c) > 1]
    print(f"import circles: {len(circles)}")
    for c in circles:
        print("  " + " <-> ".join(sorted(c)))
    if not circles:
        chain = longest_chain(graph)
        print(f"longest chain of imports: {len(chain)} ({' -> '.join(chain)})")
    for m in sorted(graph):
        print(f"  {m}: {', '.join(graph[m]) or '-'}")
    files = [p for ps in mods.values() for p in ps] + [
        os.path.join(src, f) for f in ("lib.rs", "main.rs") if os.path.exists(os.path.join(src, f))
    ]
    sizes = sorted(((sum(1 for _ in open(p, encoding="utf-8")), p) for p in files), reverse=True)
    print(f"lines: {sum(n for n, _ in sizes)}")
    print("largest files: " + ", ".join(f"{os.path.relpath(p, src)} {n}" for n, p in sizes[:6]))
    funcs = sorted(functions(files), reverse=True)
    print("largest functions: " + ", ".join(
        f"{os.path.relpath(p, src)}::{name} {n}" for n, p, name in funcs[:8]))


if __name__ == "__main__":
    main()
