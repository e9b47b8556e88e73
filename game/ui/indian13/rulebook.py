"""How to play 13-card Indian Rummy: the pages the How-to-play screen shows for this game (kept in
``rulebook.toml`` beside this module; :mod:`game.ui.rulebook` reads them), and the page of each rule id.
"""

from __future__ import annotations

from ..rulebook import load_pages

PAGES = load_pages(__package__)

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"I4": 0, "I4.2": 1, "I5": 0, "I6": 2, "I7": 3, "I8": 3, "I9": 3, "I10": 3, "I11": 3, "I12": 3}
