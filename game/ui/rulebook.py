"""A game's How-to-play pages, read from the ``rulebook.toml`` beside its rulebook module.

Page text is content, not code: each game keeps its pages in one TOML file that a writer or a
translator can read and edit without touching Python, and a new game needs only its own file.  The
words stay English (the catalogue's message ids); ``build_scripts/i18n.py``'s ``extract_rulebook``
puts every title, text and caption into the catalogue, and How to play translates them where it
shows them.

The file holds one ``[[page]]`` table a page, in order::

    [[page]]
    title = "Melds"
    text = \"\"\"A sequence is ... in order.
    A set is ...\"\"\"
    examples = [["pure sequence", "5H 6H 7H", ""], ["with a joker", "9C JK JC", "JK"]]

each example being ``[caption, cards, the wild cards among them]`` (cards as :func:`game.core.cards.parse_kind`
reads them; an empty caption draws the cards unlabelled).
"""

from __future__ import annotations

import tomllib
from importlib.resources import files

from .front import Page

FILE = "rulebook.toml"


def parse_pages(text: str) -> list[Page]:
    """The pages of a rulebook file's text, as ``(title, text, [(caption, cards, wild cards)])``."""
    return [(page["title"], page["text"], [tuple(example) for example in page.get("examples", [])])
            for page in tomllib.loads(text)["page"]]


def load_pages(package: str) -> list[Page]:
    """The pages of the ``rulebook.toml`` in ``package`` (a game's UI package, e.g. ``game.ui.indian13``)."""
    return parse_pages(files(package).joinpath(FILE).read_text(encoding="utf-8"))
