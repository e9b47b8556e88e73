"""The family layout (ARCHITECTURE.md, issue 29): each game is a package at every layer, listed once
in each layer's registry, and nothing else names a game: no import of a game's package and no
game name in the code outside that game's own packages and the three registries."""

from __future__ import annotations

import ast
from pathlib import Path

from ai.games import GAMES as BOTS
from game.games import GAMES as ENGINES
from game.ui.games import GAMES as TABLES

ROOT = Path(__file__).resolve().parent.parent
REGISTRIES = {Path("game/games.py"), Path("ai/games.py"), Path("game/ui/games.py")}


def own_packages(game: str) -> tuple[Path, ...]:
    """Where a game's own code lives: its engine, its bots, its table, its experiments."""
    return Path("game", game), Path("ai", game), Path("game", "ui", game), Path("tools", game)


def mentions(path: Path) -> list[tuple[int, str, str]]:
    """(line, game, what) for every import of a game's package and every game name in the code
    (the ``prog`` of a command line, the program's own name, is not a game)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    progs = {id(k.value) for node in ast.walk(tree) if isinstance(node, ast.Call)
             for k in node.keywords if k.arg == "prog"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ENGINES:
            if id(node) not in progs:
                found.append((node.lineno, node.value, f"the name {node.value!r}"))
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            modules = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for module in modules:
                parts = module.split(".")
                for game in ENGINES:
                    if game in parts[:3] and parts[0] in ("game", "ai", "tools"):
                        found.append((node.lineno, game, f"import {module}"))
    return sorted({(line, game): (line, game, what) for line, game, what in found}.values())


def test_every_layer_registers_its_games_over_the_layer_below_in_the_same_order():
    """A game may be played by the referee before it has bots, and by bots before it has a table
    (it is being built); never the other way round."""
    assert list(TABLES) == [g for g in BOTS if g in TABLES] and list(BOTS) == [g for g in ENGINES if g in BOTS]
    assert len(TABLES) >= 2
    for name in BOTS:
        assert BOTS[name].engine is ENGINES[name]
    for name in TABLES:
        assert TABLES[name].bots is BOTS[name]
        assert TABLES[name].match.game == name and TABLES[name].replay.GAME == name


def test_no_module_outside_a_games_packages_and_the_registries_names_a_game():
    broken = []
    for top in ("game", "ai", "tools"):
        for file in sorted((ROOT / top).rglob("*.py")):
            path = file.relative_to(ROOT)
            if path in REGISTRIES:
                continue
            for line, game, what in mentions(path):
                if not any(path.is_relative_to(p) for p in own_packages(game)):
                    broken.append(f"{path}:{line}: {what}")
    assert broken == []


def test_the_scan_finds_what_it_looks_for(tmp_path, monkeypatch):
    """The scan itself: an import of another game's package and a game name in a branch are found."""
    code = "from game.indian13 import Series\nif game == 'vazhushal':\n    pass\nparser(prog='vazhushal')\n"
    import sys

    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "x.py").write_text(code)
    assert [(line, game) for line, game, _ in mentions(Path("x.py"))] == [(1, "indian13"), (2, "vazhushal")]


def test_two_games_or_scenes_under_one_name_or_title_are_refused_at_registration():
    """Issue 47: a second entry under a taken name (or title, or state format) would hide the first."""
    import dataclasses

    import pytest

    from game.games import unique
    from game.ui.catalog import SCENES

    table = next(iter(TABLES.values()))
    again = dataclasses.replace(table, bots=BOTS[list(BOTS)[1]])  # another name, the same title
    with pytest.raises(ValueError, match=f"two games have the title {table.title!r}"):
        unique((table, again), "name", "title")
    with pytest.raises(ValueError, match="two games have the name"):
        unique((*ENGINES.values(), next(iter(ENGINES.values()))), "name", "format")
    with pytest.raises(ValueError, match="two scenes have the name 'title'"):
        unique((SCENES["title"], SCENES["menu"], SCENES["title"]), "name", what="scenes")
    assert list(unique(ENGINES.values(), "name", "format")) == list(ENGINES)
    assert unique(TABLES.values(), "name", "title", "stats_prefix") == TABLES


def test_a_game_without_its_own_screenshot_harness_still_gets_its_generic_scenes():
    from tools.ui import screenshots

    assert screenshots.own_shots("no_such_game") is None
    assert screenshots.own_shots(next(iter(TABLES))) is screenshots.game_shots(next(iter(TABLES)))
    names = [n.split("_", 1)[1] for n, _ in screenshots.SCENES]
    for game in TABLES:
        assert f"{game}_new_game" in names and f"{game}_how_to_play" in names
