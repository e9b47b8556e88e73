"""Reading a replay file for the window (``python -m game --replay FILE``).

Everything that can be wrong with a file ends as one :class:`UnreadableReplay` whose message
says why in plain words, for the title screen's toast: a file that cannot be read or is too
big, text that is not JSON, a document that is not a replay or does not hold
(:func:`game.replay.validate`: the structure, every action, the recorded end), or a game this
window cannot show.  Never an exception of another kind, never a traceback.  The reasons are in
the player's language (the checker's own words, from :mod:`game.replay`, stay as they are).
"""

from __future__ import annotations

from pathlib import Path

from game.core.storage import UnreadableDocument, parse_document
from game.i18n import _
from game.replay import FORMAT, MalformedReplay, ReplayError, validate

from ..refusals import refusal_words
from ..safe_text import clean_text

MAX_BYTES = 8 * 1024 * 1024  # a replay is a few kilobytes; anything this big is not one


class UnreadableReplay(Exception):
    """A replay file the viewer cannot open; ``str()`` is the reason, fit for a player."""


def read_replay(path: str | Path) -> dict:
    """The replay document in the file at ``path``, read and parsed but not yet played (the
    viewer plays it once, and says why if it does not hold); raises :class:`UnreadableReplay`."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise UnreadableReplay(_("the file cannot be read ({reason})").format(
            reason=clean_text(exc.strerror or exc, 120))) from None
    if len(data) > MAX_BYTES:
        raise UnreadableReplay(_("the file is far too big to be a replay"))
    try:
        doc = parse_document(data)  # the one reading rule of every document
    except UnreadableDocument:
        raise UnreadableReplay(_("the file is not a JSON document")) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise UnreadableReplay(_("it is not a replay file"))
    return doc


def load_replay(path: str | Path) -> dict:
    """The checked replay document in the file at ``path``; raises :class:`UnreadableReplay`."""
    doc = read_replay(path)
    try:
        validate(doc)  # the game is one of game.games, so the app has its table (tests/test_registries.py)
    except ReplayError as exc:
        raise UnreadableReplay(clean_text(reason(exc), 200)) from None
    except Exception as exc:  # noqa: BLE001  (an engine surprised by a strange document: still no traceback)
        raise UnreadableReplay(_("the replay cannot be played ({error})").format(
            error=clean_text(type(exc).__name__, 40))) from None
    return doc


def reason(exc: ReplayError) -> str:
    """Why a replay does not hold, for a player: a broken rule by its step, an end other than the
    one recorded in words (the referee's message names the JSON), anything else as the checker
    says it.

    >>> reason(ReplayError("illegal", "V5.1: draw first", rule="V5.1", index=0))
    'step 1 breaks a rule: Draw first'
    """
    if exc.code == "not_a_replay":
        return _("it is not a replay file")
    if isinstance(exc, MalformedReplay):
        return _("it is not a well-formed replay ({reason})").format(reason=exc.message)
    if exc.index is not None:
        return _("step {number} breaks a rule: {rule}").format(number=exc.index + 1, rule=refusal_words(exc))
    if exc.code in ("result_mismatch", "final_mismatch"):
        return _("it does not end as it was recorded (the file was changed, or comes from another version)")
    return exc.message
