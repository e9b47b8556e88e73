"""How to play 21-card Indian Rummy and 27-card Rummy: the pages the How-to-play screen shows for
this game (kept in ``rulebook.toml`` beside this module; :mod:`game.ui.rulebook` reads them), and the
page of each rule id.  No rule id is written in the pages (players read them).
"""

from __future__ import annotations

from ..rulebook import load_pages

PAGES = load_pages(__package__)

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"T4": 0, "T4.2": 1, "T5": 0, "T6": 2, "T7": 3, "T8": 5, "T9": 5, "T10": 4, "T11": 1, "T13": 0}
