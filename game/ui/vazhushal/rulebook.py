"""How to play Vazhushal: the pages the How-to-play screen shows for this game.

The pages are content, kept in ``rulebook.toml`` beside this module (:mod:`game.ui.rulebook` reads
them); each is ``(title, text, [(caption, cards, wild cards)])`` (:data:`game.ui.front.Page`), its
words English messages of the catalogue, translated where How to play shows them.  The page of each
rule id is :data:`game.ui.vazhushal.table.describe.RULE_PAGES`.
"""

from __future__ import annotations

from ..rulebook import load_pages

PAGES = load_pages(__package__)
