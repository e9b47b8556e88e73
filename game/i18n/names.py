"""Seat names as the player reads them (issue 48).

A seat's name is a stored value: the defaults are English ("You", "Player 2", "Friend 1", "Host",
"Coach", the bots' given names in :data:`BOT_NAMES`), and they stay English in saves, replays,
statistics and network messages, and wherever code compares them ("You" chooses "You win" over
"Meena wins").  Only where a name is drawn does :func:`shown_name` put a default name in the
player's language; a name a player typed, or one from another machine, is shown as it is.
Pure Python: no pygame.
"""

from __future__ import annotations

import re

from game.i18n import N_, _

# The bots' given names (stored English; shown with shown_name).
BOT_NAMES = (
    # Translators: a person's given name: write it in your script.
    N_("Meena"),
    # Translators: a person's given name: write it in your script.
    N_("Ravi"),
    # Translators: a person's given name: write it in your script.
    N_("Kavya"),
    # Translators: a person's given name: write it in your script.
    N_("Arjun"),
    # Translators: a person's given name: write it in your script.
    N_("Lakshmi"),
)

_NUMBERED = re.compile(r"(Player|Friend|Host) ([1-9][0-9]?)")


def shown_name(stored: str) -> str:
    """``stored`` (a seat's name as saved) as the player reads it: a default name in the player's
    language, any other name unchanged.

    >>> shown_name("You"), shown_name("Player 3"), shown_name("Meena"), shown_name("Priya")
    ('You', 'Player 3', 'Meena', 'Priya')
    >>> shown_name("Player three"), shown_name("you")
    ('Player three', 'you')
    """
    if stored == "You":
        # Translators: the seat of the person looking at the screen, as a name ("You" on its box).
        return _("You")
    if stored == "Host":
        # Translators: the name of the seat of the person who hosts a network table.
        return _("Host")
    if stored == "Player":
        # Translators: the name of a seat whose person has not given one.
        return _("Player")
    if stored == "Coach":
        # Translators: the name of the bot that teaches the tutorial hand.
        return _("Coach")
    if stored in BOT_NAMES:
        return _(stored)
    numbered = _NUMBERED.fullmatch(stored)
    if numbered is None:
        return stored
    kind, number = numbered.groups()
    if kind == "Player":
        # Translators: the name of a seat a person has not named, at a table with several people.
        return _("Player {number}").format(number=number)
    if kind == "Friend":
        # Translators: the name of a network table's seat for a person at another computer.
        return _("Friend {number}").format(number=number)
    # Translators: the name of another seat at the screen of a network table's host.
    return _("Host {number}").format(number=number)
