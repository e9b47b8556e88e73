"""How to play Indian Marriage: the pages the How-to-play screen shows for this game (kept in
``rulebook.toml`` beside this module; :mod:`game.ui.rulebook` reads them), and the page of each rule id.
"""

from __future__ import annotations

from ..rulebook import load_pages

PAGES = load_pages(__package__)

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"M2": 2, "M3": 1, "M4": 4, "M5": 0, "M6": 3, "M7": 5, "M8": 5, "M9": 6, "M10": 6, "M11": 6, "M12": 6}
