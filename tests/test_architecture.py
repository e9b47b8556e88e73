"""The shape of the code (ARCHITECTURE.md, issue #12): the layer contracts of pyproject.toml
(import-linter, with each ``{game}`` filled in from the registries: issue 47), not one import
circle anywhere (grimp's graph, function-level imports included), and no test harness or
experiment inside the packages the game ships."""

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


GAME = "{game}"  # in pyproject's contracts: every game of that layer's registry


def registry(module: str) -> list[str]:
    """The games registered at the layer of ``module`` (``game.ui.{game}``, ``ai.{game}``, ``game.{game}``)."""
    from ai.games import GAMES as BOTS
    from game.games import GAMES as ENGINES
    from game.ui.games import GAMES as TABLES

    for prefix, games in (("game.ui.", TABLES), ("ai.", BOTS), ("game.", ENGINES)):
        if module.startswith(prefix + GAME):
            return list(games)
    raise ValueError(f"{module!r}: no registry for it")


def expand(module: str) -> list[str]:
    """``module``, or for a ``{game}`` module one per registered game."""
    return [module.replace(GAME, g) for g in registry(module)] if GAME in module else [module]


def expand_layer(layer: str) -> str:
    """A layer with its ``{game}`` module replaced by one per registered game, independent siblings (``a | b``)."""
    return " | ".join(m for part in layer.split("|") for m in expand(part.strip()))


def contracts() -> dict:
    """pyproject's import-linter section with the games filled in from the registries."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    out = {k: v for k, v in config.items() if k != "contracts"}
    out["contracts"] = [{k: [expand_layer(x) for x in v] if k == "layers" else
                         [m for x in v for m in expand(x)] if isinstance(v, list) else v for k, v in c.items()}
                        for c in config["contracts"]]
    return out


def to_toml(config: dict) -> str:
    """``config`` as pyproject's ``[tool.importlinter]`` (strings and lists of them: JSON spells them as TOML does)."""
    import json

    lines = ["[tool.importlinter]"] + [f"{k} = {json.dumps(v)}" for k, v in config.items() if k != "contracts"]
    for contract in config["contracts"]:
        lines += ["", "[[tool.importlinter.contracts]]"] + [f"{k} = {json.dumps(v)}" for k, v in contract.items()]
    return "\n".join(lines) + "\n"


def test_the_contracts_name_every_registered_game_at_every_layer():
    """A new game's packages are checked with no line in pyproject (issue 47): its ``{game}`` entries
    name each game of the registry, and no contract of pyproject names one of its own."""
    from ai.games import GAMES as BOTS
    from game.games import GAMES as ENGINES
    from game.ui.games import GAMES as TABLES

    config = contracts()
    layers = [x for c in config["contracts"] if c["type"] == "layers" for x in c["layers"]]
    assert " | ".join(f"game.{g}" for g in ENGINES) in layers
    assert " | ".join(f"ai.{g}" for g in BOTS) in layers
    assert " | ".join(f"game.ui.{g}" for g in TABLES) + " | game.ui.lobby" in layers
    drawn = next(c for c in config["contracts"] if c["name"] == "The engines and the bots never draw")
    assert {f"game.{g}" for g in ENGINES} <= set(drawn["source_modules"])
    assert GAME not in to_toml(config)
    raw = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[tool.importlinter]")[1]
    assert not [g for g in ENGINES if f'"game.{g}"' in raw or f'"ai.{g}"' in raw or f'"game.ui.{g}"' in raw]


def test_the_layer_contracts_hold(capsys, tmp_path):
    import logging

    from importlinter.cli import lint_imports

    config = contracts()
    (tmp_path / "contracts.toml").write_text(to_toml(config), encoding="utf-8")
    loggers = [x for x in logging.root.manager.loggerDict.values() if isinstance(x, logging.Logger)]
    disabled = [x.disabled for x in loggers]  # import-linter's run turns the loggers that exist off
    sys.path.insert(0, str(ROOT))
    try:
        code = lint_imports(config_filename=str(tmp_path / "contracts.toml"), no_cache=True, no_logo=True)
    finally:
        sys.path.remove(str(ROOT))
        for x, was in zip(loggers, disabled):
            x.disabled = was
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"{len(config['contracts'])} kept, 0 broken" in out


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
