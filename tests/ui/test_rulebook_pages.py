"""How to play's pages as content (game/ui/rulebook.py): every game's ``rulebook.toml`` loads into the
pages its front shows, each page well formed (a title, a text, examples whose cards parse), every rule
id's page there, and every page string reaching the catalogue (``build_scripts/i18n.py``'s
``extract_rulebook``)."""

from __future__ import annotations

import importlib
import importlib.util
import io
from pathlib import Path

import pytest

from game.core.cards import parse_kind
from game.ui.games import GAMES
from game.ui.rulebook import FILE, load_pages, parse_pages
from game.ui.vazhushal.table import describe

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "build_scripts" / "i18n.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

FILES = sorted((ROOT / "game" / "ui").glob(f"*/{FILE}"))
PACKAGES = [f"game.ui.{path.parent.name}" for path in FILES]


def test_every_games_front_shows_the_pages_of_its_rulebook_file() -> None:
    assert len(PACKAGES) == len(GAMES) == 4
    loaded = [tuple(load_pages(package)) for package in PACKAGES]
    shown = [loaded.index(front.rulebook) for front in GAMES.values()]  # ValueError: a front shows other pages
    assert sorted(shown) == list(range(len(loaded)))  # each file is one game's, none shown twice


@pytest.mark.parametrize("package", PACKAGES)
def test_each_page_has_a_title_a_text_and_examples_whose_cards_parse(package: str) -> None:
    pages = importlib.import_module(f"{package}.rulebook").PAGES
    assert isinstance(pages, list) and len(pages) >= 5
    for title, text, examples in pages:
        assert title and title == title.strip() and "\n" not in title
        # a line joined wrongly in the file shows as a doubled or stray space
        assert text and text == text.strip() and "  " not in text and " \n" not in text and "\n " not in text
        assert isinstance(examples, list)
        for example in examples:
            assert isinstance(example, tuple) and len(example) == 3 and all(isinstance(s, str) for s in example)
            caption, cards, wild = example
            kinds = [parse_kind(token) for token in cards.split()]
            assert {parse_kind(token) for token in wild.split()} <= set(kinds), (title, caption)
            assert kinds or caption, title  # an example shows cards or says something
    assert pages[-1][0] == "Controls"  # every game ends on its keys and mouse


@pytest.mark.parametrize("package", PACKAGES)
def test_every_rule_ids_page_is_a_page_of_the_game(package: str) -> None:
    module = importlib.import_module(f"{package}.rulebook")
    rule_pages = describe.RULE_PAGES if package.endswith(".vazhushal") else module.RULE_PAGES
    assert rule_pages
    assert all(0 <= page < len(module.PAGES) for page in rule_pages.values())


def test_the_loader_reads_paragraphs_joined_lines_and_pages_without_examples() -> None:
    text = '[[page]]\ntitle = "A"\ntext = """\nOne \\\n  two.\nThree."""\nexamples = [["c", "5H 6H", "6H"]]\n' \
           '\n[[page]]\ntitle = "B"\ntext = "Four."\n'
    assert parse_pages(text) == [("A", "One two.\nThree.", [("c", "5H 6H", "6H")]), ("B", "Four.", [])]


@pytest.mark.parametrize("path", FILES, ids=[path.parent.name for path in FILES])
def test_the_extraction_yields_every_page_string_at_its_key(path: Path) -> None:
    data = path.read_bytes()
    found = list(tool.extract_rulebook(io.BytesIO(data), tool.KEYWORDS, (), {}))
    pages = parse_pages(data.decode("utf-8"))
    words = [s for title, text, examples in pages for s in (title, text, *(c for c, _k, _w in examples if c))]
    assert [message for _line, _func, message, _comments in found] == words
    lines = data.decode("utf-8").splitlines()
    for line, func, message, comments in found:
        assert func is None and comments == []
        titles, texts = {p[0] for p in pages}, {p[1] for p in pages}
        key = "title" if message in titles else "text" if message in texts else "examples"
        assert lines[line - 1].startswith(f"{key} ="), (line, message[:30])
    assert ("ui/*/rulebook.toml", tool.extract_rulebook) in tool.METHOD_MAP
