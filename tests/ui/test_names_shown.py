"""Seat names in the player's language (issue 48): the default names ("You", "Player 2", the bots'
given names...) are drawn translated on the tables, while the stored name stays English: it chooses
the "You win" form, and the save keeps "You".

A pseudo-translation of every message stands in for the catalogue (it holds only the messages
extracted so far), as in tests/net/test_lobby_words.py."""

from __future__ import annotations

import doctest
import json
from types import SimpleNamespace

import pygame

from game import i18n
from game.core.seats import Seat
from game.i18n import names, pseudo
from game.i18n.names import BOT_NAMES, shown_name
from game.ui import textdraw
from game.ui.inhand.results import DealResults
from game.ui.match import HUMAN, SeatSetup
from game.ui.vazhushal.handover import winners_words
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import RuleSet
from tests.ui.test_marriage_table import new_match as new_marriage_match

SIZE = (640, 480)
# Every word of a default seat name: none may be drawn untranslated.
NAME_WORDS = {"You", "Player", "Friend", "Host", "Coach", *BOT_NAMES}


def test_shown_names_doctests_hold():
    i18n.set_language("en")
    assert doctest.testmod(names).attempted >= 2 and doctest.testmod(names).failed == 0


def test_shown_name_translates_the_default_names_and_keeps_every_other(pseudo_language):
    t = pseudo.transform
    assert shown_name("You") == t("You")
    assert shown_name("Player 3") == t("Player {number}").format(number=3)
    assert shown_name("Friend 2") == t("Friend {number}").format(number=2)
    assert shown_name("Host") == t("Host") and shown_name("Host 2") == t("Host {number}").format(number=2)
    assert shown_name("Player") == t("Player") and shown_name("Coach") == t("Coach")
    assert [shown_name(n) for n in BOT_NAMES] == [t(n) for n in BOT_NAMES]
    for typed in ("Priya", "you", "Player three", "Player 3 ", "Meena K", "P2", ""):
        assert shown_name(typed) == typed  # a name a player typed (or another machine sent) is theirs
    i18n.set_language("en")
    assert [shown_name(n) for n in ("You", "Player 3", "Friend 1", "Host", "Coach", *BOT_NAMES)] == [
        "You", "Player 3", "Friend 1", "Host", "Coach", *BOT_NAMES]


def drawn_words(app, scene: str, match) -> list[str]:
    """The words the table ``scene`` of ``match`` draws at 640x480, once."""
    if app.screen.get_size() != SIZE:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=SIZE[0], h=SIZE[1], size=SIZE)])
    app.reset_to(app.make("title"))
    app.open(scene, match)
    with textdraw.recording() as rec:
        app.dirty = True
        app.step([])
        rec.new_frame()
        app.draw()
        return [d.words for d in rec.items if d.kind == "text"]


def english_names(words: list[str]) -> list[tuple[str, list[str]]]:
    return [(w, found) for w in words if (found := [x for x in pseudo.english_words(w) if x in NAME_WORDS])]


def test_the_tables_draw_no_english_seat_name(app, pseudo_language):
    setups = [SeatSetup("You", HUMAN), SeatSetup("Meena", "Medium"), SeatSetup("Ravi", "Medium")]
    tables = [("table", VazhushalMatch.new(setups, RuleSet(players=3), 3)),
              ("marriage_table", new_marriage_match(("You", "Kavya", "Arjun"), ("Human", "Medium", "Medium")))]
    for scene, match in tables:
        words = drawn_words(app, scene, match)
        assert any(shown_name("Meena" if scene == "table" else "Kavya") in w for w in words), words
        assert not english_names(words), (scene, english_names(words))
        assert match.stored_name(0) == "You" and match.name(0) == pseudo.transform("You")


def test_a_win_by_you_keeps_the_you_form_in_english_and_in_translation(pseudo_language):
    game_over = DealResults.game_over_words

    def results(*names: str):
        series = SimpleNamespace(seats=[Seat(n) for n in names])
        return SimpleNamespace(match=SimpleNamespace(series=series, winners=lambda: [0]))

    assert winners_words(["You"]) == pseudo.transform("You win the match!")
    assert winners_words(["Meena"]) == pseudo.transform("{name} wins the match!").format(name=pseudo.transform("Meena"))
    assert game_over(results("You", "Ravi")) == pseudo.transform("Game over: {names} win").format(
        names=pseudo.transform("You"))
    assert game_over(results("Ravi", "You")) == pseudo.transform("Game over: {name} wins").format(
        name=pseudo.transform("Ravi"))
    i18n.set_language("en")
    assert winners_words(["You"]) == "You win the match!" and winners_words(["Meena"]) == "Meena wins the match!"
    assert game_over(results("You", "Ravi")) == "Game over: You win"


def test_the_saved_match_keeps_the_english_names(pseudo_language):
    match = VazhushalMatch.new([SeatSetup("You", HUMAN), SeatSetup("Meena", "Medium")], RuleSet(players=2), 3)
    assert match.name(0) == pseudo.transform("You")
    saved = json.dumps(match.to_json(), ensure_ascii=False)
    assert '"You"' in saved and '"Meena"' in saved and pseudo.OPEN not in saved
    again = VazhushalMatch.from_json(json.loads(saved))
    assert [again.stored_name(s) for s in range(2)] == ["You", "Meena"]


def test_a_default_name_field_shows_the_name_translated_and_keeps_it_english(app, pseudo_language):
    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    field = scene.seat_widgets[0][0]
    assert scene.seats[0].name == "You" and field.value == pseudo.transform("You")
    scene.start_now()
    assert app.load_match().stored_name(0) == "You"
