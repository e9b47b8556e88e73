"""What network play's other side says, in the player's language.

The host's words reach this screen in English (another machine, perhaps in another language, sent
them), and the client's own news (:mod:`game.net.client`) is English too: :mod:`game.net` speaks to
the log and the wire, never to a catalogue.  The messages the host sends carry a ``code``
(:mod:`game.net.protocol`); for the codes this screen knows, the sentence here (marked for the
catalogue) is shown in the language in force, and the client's own sentences are known by their
English words.  Whatever is not known here, and any language without a translation of it (English
above all), shows the words as they came: the English screen stays byte for byte what the host and
the client said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.i18n import N_, _
from game.net import protocol as P

TIME_UP = "time_up"  # the table's codes of a refused move that the protocol module does not name
REFUSED = "refused"

# A closing (``closed``) by its code.
CLOSED_WORDS: dict[str, str] = {
    P.HOST_CLOSED: N_("The host closed the table."),
    P.REPLACED: N_("Your seat was taken up by a newer connection with your token."),
}

# An error (``error``) by its code: a join refused, or a move refused (those are said as the engine's are,
# without a capital: the table's words capitalise them).
ERROR_WORDS: dict[str, str] = {
    P.BAD_CODE: N_("No table here has this code: check it with the host."),
    P.WRONG_GAME: N_("This table plays another game."),
    P.BAD_TOKEN: N_("That seat token is no seat's at this table."),
    P.TABLE_FULL: N_("Every seat of this table is taken."),
    P.HOST_CLOSED: N_("The table is closed."),
    P.WRONG_PROTOCOL: N_("The host uses another version of the app: use the same version of the app to join."),
    P.NOT_STARTED: N_("the host has not started the match yet"),
    P.NOT_YOUR_SEAT: N_("you may move only for your own seat"),
    P.STALE: N_("the table has moved on since the update this answers"),
    TIME_UP: N_("your time ran out: a safe move finishes your turn"),
    REFUSED: N_("the table could not play this move"),
}
# A join refused for another game, with the table's game known (its title).
WRONG_GAME_NAMED = N_("This table plays another game ({game}): choose that game and join again.")

# The client's own sentences (game.net.client), by their English words.
CLIENT_WORDS = (
    N_("The host sent something this app cannot read; you left the table."),
    N_("The connection to the host failed; you left the table."),
    N_("The connection to the host was lost."),
    N_("Connection lost: trying again…"),
    N_("The host did not answer."),
    N_("The host closed the table."),
    N_("The host refused."),
    N_("The host ended the connection."),
)
# The client's sentences with a detail in brackets at the end ("Could not reach the host (TimeoutError).").
CLIENT_DETAILS: dict[str, str] = {
    "The host refused the connection": N_("The host refused the connection ({problem})."),
    "The host's certificate could not be trusted": N_("The host's certificate could not be trusted ({problem})."),
    "A secure connection (wss://) to the host failed": N_(
        "A secure connection (wss://) to the host failed ({problem})."),
    "Could not reach the host": N_("Could not reach the host ({problem})."),
}
# A WebSocket closing's reason: "<code>: <words>" (game.net.host).
_CLOSE_REASON = re.compile(r"^([a-z_]+): (.*)$", re.DOTALL)


def or_theirs(message: str, theirs: str, **values: object) -> str:
    """``message`` (marked ``N_``) in the language in force, its placeholders filled from ``values``;
    ``theirs`` (the words as they came) when the language has no translation of it."""
    mine = _(message)
    if mine == message:
        return theirs
    try:
        return mine.format(**values)
    except (KeyError, IndexError, ValueError):  # a damaged translation: the words as they came
        return theirs


def host_words(kind: str, code: object, words: str, titles: Mapping[str, str] | None = None) -> str:
    """What the host said (a ``closed`` or an ``error`` of ``code``, in English ``words``) for the player.
    ``titles``: the games' titles by registry name, to name the table's game in a refusal of another."""
    if not isinstance(code, str):
        return words
    if kind == P.ERROR and code == P.WRONG_GAME:
        for name, title in (titles or {}).items():
            if f"({name})" in words or f"({title})" in words:
                return or_theirs(WRONG_GAME_NAMED, words, game=_(title))
    table = CLOSED_WORDS if kind == P.CLOSED else ERROR_WORDS
    message = table.get(code)
    return or_theirs(message, words) if message is not None else words


def client_words(words: str, titles: Mapping[str, str] | None = None) -> str:
    """The client's news (its own sentence, or the host's closing reason it passes on) for the player."""
    if words in CLIENT_WORDS:
        return _(words)
    for start, message in CLIENT_DETAILS.items():
        if words.startswith(start + " (") and words.endswith(")."):
            return or_theirs(message, words, problem=words[len(start) + 2:-2])
    reason = _CLOSE_REASON.match(words)
    if reason is not None:
        code = reason.group(1)
        return host_words(P.CLOSED if code in CLOSED_WORDS else P.ERROR, code, words, titles)
    return words
