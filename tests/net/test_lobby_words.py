"""Network play in the player's language (issue 48): what the host sends (English, from another
machine) and what the client says is shown translated where its code (or the client's sentence) is
known, and as it came otherwise; in English every word is exactly what was sent.  The store's
notices, made before the language is known, are said in it when shown.

A pseudo-translation of every message stands in for a catalogue here (the catalogue holds only the
messages extracted so far), so these tests do not wait for ``build_scripts/i18n.py extract``."""

from __future__ import annotations

import gettext
import inspect
import time

from game import i18n
from game.i18n import pseudo
from game.net import client as C
from game.net import protocol as P
from game.ui.lobby import words as W


def translated(words: str) -> bool:
    """Said in the pseudo-language: no plain English word left (names and placeholders' values aside)."""
    return words.startswith(pseudo.OPEN) and not pseudo.english_words(words)


def test_in_english_the_hosts_and_the_clients_words_are_shown_as_they_came():
    i18n.set_language("en")
    assert W.host_words(P.CLOSED, P.HOST_CLOSED, "The host went home.") == "The host went home."
    assert W.host_words(P.ERROR, P.TABLE_FULL, "Every seat of this table is taken.") == (
        "Every seat of this table is taken.")
    said = "This table plays another game (Indian Rummy): choose that game and join again."
    assert W.host_words(P.ERROR, P.WRONG_GAME, said, {"indian13": "Indian Rummy"}) == said
    for words in (C.UNREADABLE, C.FAILED, "Could not reach the host (TimeoutError).", "bad_json: x",
                  "host_closed: the host closed the table", "Something new."):
        assert W.client_words(words) == words


def test_known_codes_are_said_in_the_players_language_and_others_as_they_came(pseudo_language):
    assert translated(W.host_words(P.CLOSED, P.HOST_CLOSED, "The host went home."))
    assert translated(W.host_words(P.ERROR, P.BAD_CODE, "No table here has this code: check it with the host."))
    assert translated(W.host_words(P.ERROR, "time_up", "your time ran out: a safe move finishes your turn"))
    named = W.host_words(P.ERROR, P.WRONG_GAME, "This table plays another game (indian13): choose that game and "
                         "join again.", {"indian13": "Indian Rummy"})
    assert translated(named) and pseudo.transform("Indian Rummy") in named
    assert W.host_words(P.ERROR, "some_new_code", "Words of a newer host.") == "Words of a newer host."
    assert W.host_words(P.CLOSED, None, "No code at all.") == "No code at all."
    assert translated(W.client_words(C.UNREADABLE)) and translated(W.client_words(C.FAILED))
    reach = W.client_words("Could not reach the host (TimeoutError).")
    assert reach.startswith(pseudo.OPEN) and "(TimeoutError)" in reach  # the detail is a value, kept
    assert translated(W.client_words("host_closed: the host closed the table"))
    assert W.client_words("Words the client never says.") == "Words the client never says."


def test_the_clients_sentences_known_here_are_the_ones_it_says():
    """The table of the client's sentences follows game.net.client's words (a change there is seen here)."""
    source = inspect.getsource(C)
    for words in W.CLIENT_WORDS:
        assert f'"{words}"' in source, words
    for start in W.CLIENT_DETAILS:
        assert f'f"{start} (' in source, start


def test_a_damaged_translation_shows_the_words_as_they_came(monkeypatch):
    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return message.replace("{problem}", "{missing}") + " (translated)"

    monkeypatch.setattr(i18n, "_current", Broken())
    try:
        assert W.client_words("Could not reach the host (OSError).") == "Could not reach the host (OSError)."
    finally:
        i18n.set_language("en")


def test_the_session_says_the_hosts_closing_and_its_panel_in_the_players_language(app, pseudo_language):
    from tests.net.test_session import seats, session

    s, client = session(app)
    client.inbox.append(seats(away=42.0, clock={"seat": 0, "turn": 12.0, "bank": 60.0}))
    s.poll()
    lines = [w for w, _ in s.status_lines()]
    assert len(lines) == 2 and all(w.startswith(pseudo.OPEN) for w in lines)
    assert "Asha" in lines[0] and "0:42" in lines[0] and "0:12" in lines[1] and "1:00" in lines[1]
    s.clock = ({"seat": 1, "turn": 0.0, "bank": 0.0}, time.monotonic())
    (line, _), = s.status_lines()[1:]
    assert "Asha" in line and not pseudo.english_words(line.replace("Asha", ""))
    client.inbox.append({"type": "closed", "code": P.HOST_CLOSED, "message": "The host went home."})
    client.inbox.append({"type": "link", "state": C.ENDED, "message": "The host went home."})
    s.poll()
    assert translated(s.ended)  # the client passing the host's words on: said as the closing was


def test_a_moves_refusal_by_the_table_is_said_in_the_players_language(app, pseudo_language):
    from game.core.errors import IllegalAction
    from tests.net.test_session import session

    s, _client = session(app)
    said = []

    class Table:
        def play(self, action):
            try:
                s.play(None, action)
            except IllegalAction as exc:
                said.append(exc.message)

    s.sent = object()
    s._refused(Table(), {"type": "error", "code": P.STALE, "refused": True,
                         "message": "the table has moved on since the update this answers"})
    assert len(said) == 1 and translated(said[0])


def test_the_stores_notices_are_said_in_the_language_in_force_when_shown(tmp_path, pseudo_language):
    from game.ui.persist import SETTINGS_FILE, Notice, Store

    (tmp_path / SETTINGS_FILE).write_text("{not json", encoding="utf-8")
    i18n.set_language("en")
    store = Store(tmp_path)
    store.load_settings()  # made in English, before the language is known
    assert len(store.notices) == 1 and isinstance(store.notices[0], Notice)
    assert store.notices[0].startswith("Your settings could not be read (")
    i18n._current = pseudo.Everything()  # the language the settings named
    shown = store.notices.pop(0)
    assert shown.startswith(pseudo.OPEN) and pseudo.transform("Your settings") in shown
    assert not store.notices
