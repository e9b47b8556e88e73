"""The shape of the code (ARCHITECTURE.md, issue #12): the layer contracts of pyproject.toml
(import-linter), not one import circle anywhere (grimp's graph, function-level imports
included), and no test harness or experiment inside the packages the game ships."""

from __future__ import annotations

import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("game", "ai")


@pytest.fixture(scope="module")
def graph():
    sys.path.insert(0, str(ROOT))  # tools/ is not installed: found from the checkout
    try:
        return grimp.build_graph(*SHIPPED, "tools", cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))


def cycles(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles(["a", "b", "c"], {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c"]]
    assert cycles(["a", "b"], {"a": {"b"}}) == []


def test_no_import_circle_between_modules(graph):
    modules = sorted(graph.modules)
    edges = {m: graph.find_modules_directly_imported_by(m) for m in modules}
    assert cycles(modules, edges) == []


def test_no_import_circle_between_the_parts_of_any_package(graph):
    """Within each package, its subpackages and modules (each taken whole) import one way."""
    modules = set(graph.modules)
    edges = {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}
    broken = {}
    for package in sorted(modules):
        parts = sorted(graph.find_children(package))
        if len(parts) < 2:
            continue

        def owner(module: str, parts=parts) -> str | None:
            return next((p for p in parts if module == p or module.startswith(p + ".")), None)

        between: dict[str, set[str]] = {p: set() for p in parts}
        for m in modules:
            a = owner(m)
            if a is not None:
                between[a] |= {b for t in edges[m] if (b := owner(t)) not in (None, a)}
        found = cycles(parts, between)
        if found:
            broken[package] = found
    assert broken == {}


def test_the_layer_contracts_hold(capsys):
    import logging

    from importlinter.cli import lint_imports

    loggers = [x for x in logging.root.manager.loggerDict.values() if isinstance(x, logging.Logger)]
    disabled = [x.disabled for x in loggers]  # import-linter's run turns the loggers that exist off
    sys.path.insert(0, str(ROOT))
    try:
        code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        sys.path.remove(str(ROOT))
        for x, was in zip(loggers, disabled):
            x.disabled = was
    out = capsys.readouterr().out
    assert code == 0, out
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert f"{len(contracts)} kept, 0 broken" in out


def test_no_harness_or_experiment_ships(graph):
    shipped = [m for m in graph.modules if m.split(".")[0] in SHIPPED]
    harness = [m for m in shipped if m.rsplit(".", 1)[-1] in ("scenarios", "modes", "demo", "study", "screenshots")]
    assert harness == []
    uses_tools = sorted(m for m in shipped if any(t.split(".")[0] == "tools"
                                                   for t in graph.find_modules_directly_imported_by(m)))
    assert uses_tools == []


def test_the_table_is_one_package_with_one_entry():
    import game.ui.vazhushal.table as table

    assert (ROOT / "game" / "ui" / "vazhushal" / "table" / "__init__.py").is_file()
    assert table.__all__ == ["TableScene"]
    assert not list((ROOT / "game" / "ui" / "vazhushal").glob("table_*.py"))
