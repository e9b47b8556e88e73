"""Issue 46 (bug 6): a whole hand of each of the four games played by keyboard alone, to its
results, with the same keys meaning the same thing at every table: N draws, ←/→ move the focus over
the hand and ↑/↓ between rows (groups), Space selects, D discards the focused card, Enter confirms a
question, F1 explains the message.  The person's moves are chosen as the game's plain policy would
(``plain_action``), then made by keys only: no click, no scene method, no groups set from outside.

Issue 48: each hand is played in English and again in Tamil, where every word drawn on every frame
of the hand, its results included, is Tamil: no English word but the keys' names and the app's name
(``game.i18n.pseudo.english_words``; card ranks have one letter).
"""

from __future__ import annotations

import importlib

import pygame
import pytest

from game import i18n
from game.core.cards import KIND_OF, cards_for_kinds
from game.i18n.pseudo import english_words
from game.ui import textdraw
from game.ui.match import SeatSetup
from game.ui.selftest import top_name, wait_for
from tests.ui.helpers import ev_key


@pytest.fixture(params=["en", "ta"])
def spoken(request, app):
    """The language the hand is played in; in Tamil, every word drawn is recorded and none may be English."""
    if request.param == "en":
        yield
        return
    i18n.set_language(request.param)
    try:
        with textdraw.recording() as rec:
            yield
            english = sorted({w for d in rec.items if d.kind == "text" for w in english_words(d.words)})
            shown = [d.words for d in rec.items if d.kind == "text" and english_words(d.words)]
            assert rec.items and not english, f"English in {request.param}: {english} in {sorted(set(shown))[:12]}"
    finally:
        i18n.set_language("en")


def press(app, *keys: int) -> None:
    for k in keys:
        app.step([ev_key(k)])


def focus(app, table, card: int) -> None:
    """←/→ until the in-hand table's focus is on ``card``."""
    for _ in range(120):
        cards = table.shown_cards()
        now = table.focused_card()
        if now == card:
            return
        press(app, pygame.K_RIGHT if now is None or cards.index(card) > cards.index(now) else pygame.K_LEFT)
    raise AssertionError("the focus never reached the card")


def group_by_keys(app, table, cards: list[int]) -> None:
    """Focus and Space on each card, then G: the cards make a group of their own."""
    assert not table.selected
    for c in cards:
        focus(app, table, c)
        press(app, pygame.K_SPACE)
    assert table.selected == set(cards)
    press(app, pygame.K_g)
    assert any(set(g) == set(cards) for g in table.hand_groups().groups)


def physical(table, groups) -> tuple[list[list[int]], list[int]]:
    """The viewer's cards for groups of kinds (as the groups are shown), and the cards left."""
    return cards_for_kinds(table.shown_cards(), groups, KIND_OF)


def play_in_hand_by_keys(app, table, plain_action, limit: int = 800) -> set[str]:
    """The person's turns of an in-hand table by keys, until the deal is over; the kinds of move made."""
    made: set[str] = set()
    for _ in range(limit):
        assert wait_for(app, lambda: table.my_turn() or table.state.phase == "over" or top_name(app) == "pass", 30)
        if top_name(app) == "pass":
            press(app, pygame.K_RETURN)
            continue
        s = table.state
        if s.phase == "over":
            return made
        action = plain_action(s)
        kind = action.type
        made.add(kind)
        if kind == "draw_stock":
            press(app, pygame.K_n)
        elif kind == "take_discard":
            press(app, pygame.K_t)
        elif kind == "discard":
            card = next(c for c in table.shown_cards() if KIND_OF[c] == action.card and c != s.taken_discard)
            focus(app, table, card)
            press(app, pygame.K_d)
        elif kind == "drop":
            press(app, pygame.K_x, pygame.K_RETURN)
        elif kind == "expose":
            if action.groups:
                for cards in physical(table, action.groups)[0]:
                    for c in cards:
                        focus(app, table, c)
                        press(app, pygame.K_SPACE)
                press(app, pygame.K_e)
                assert top_name(app) == "marriage_expose"
                press(app, pygame.K_RETURN)
            else:
                press(app, pygame.K_k)
        elif kind in ("show", "see_maal"):
            for cards in physical(table, action.groups)[0]:
                group_by_keys(app, table, cards)
            press(app, pygame.K_w if kind == "show" else pygame.K_m)
            if kind == "see_maal":
                assert top_name(app) == "confirm", table.message
                press(app, pygame.K_RETURN)
        elif kind == "declare":
            finish = next(c for c in reversed(table.shown_cards()) if KIND_OF[c] == action.card)
            pool = [c for c in table.shown_cards() if c != finish]
            groups, left = cards_for_kinds(pool, action.groups, KIND_OF)
            for cards in [*groups, left] if left else groups:
                group_by_keys(app, table, cards)
            focus(app, table, finish)
            press(app, pygame.K_SPACE, pygame.K_f)
            assert top_name(app) == "confirm", table.message
            press(app, pygame.K_RETURN)
        else:
            raise AssertionError(f"no key for {kind}")
        assert table.state is not s, (action, table.message)
    raise AssertionError("the deal did not end")


def finish_at_results(app, table, results: str) -> None:
    assert table.state.phase == "over" and table.state.result is not None
    assert wait_for(app, lambda: top_name(app) == results, 10), top_name(app)
    app.draw()


def open_game(app, name: str, match):
    app.reset_to(app.make("title"))
    table = app.open(name, match)
    app.step([])
    return table


# game: (match class, policy module, seat levels, seed, table scene, results scene, moves made by keys on this seed)
IN_HAND = {
    "indian13": ("game.ui.indian13.match:Indian13Match", "game.indian13.simulate", ("Easy",), 2, "table13", "results13",
                 {"draw_stock", "discard", "declare"}),  # the person declares
    "indian21": ("game.ui.indian21.match:Indian21Match", "game.indian21", ("Easy", "Medium"), 5, "table21", "results21",
                 {"draw_stock", "discard", "declare"}),  # the person shows
    "marriage": ("game.ui.marriage.match:MarriageMatch", "game.marriage", ("Easy", "Medium"), 16, "marriage_table",
                 "marriage_results", {"expose", "draw_stock", "take_discard", "see_maal", "discard", "declare"}),
}


@pytest.mark.parametrize("game", list(IN_HAND))
def test_a_whole_in_hand_deal_by_keyboard_alone(app, spoken, game: str) -> None:
    """13-card, 21-card and Marriage: the person plays the deal by keys and wins it."""
    match_path, policy, levels, seed, scene, results, moves = IN_HAND[game]
    module, _, name = match_path.partition(":")
    match_class = getattr(importlib.import_module(module), name)
    rules = importlib.import_module(f"game.{game}").RuleSet(players=1 + len(levels))
    seats = [SeatSetup("You", "Human"), *(SeatSetup(n, lv) for n, lv in zip(("Meena", "Ravi"), levels))]
    table = open_game(app, scene, match_class.new(seats, rules, seed))
    made = play_in_hand_by_keys(app, table, importlib.import_module(policy).plain_action)
    assert moves <= made
    assert table.state.result.winner == 0
    finish_at_results(app, table, results)


def test_a_whole_vazhushal_hand_by_keyboard_alone(app, spoken) -> None:
    from game.ui.vazhushal.match import VazhushalMatch
    from game.vazhushal import FINAL, OVER, RuleSet, apply
    from game.vazhushal.simulate import plain_action

    match = VazhushalMatch.new([SeatSetup("You", "Human"), SeatSetup("Meena", "Easy")], RuleSet(players=2), 3)
    app.reset_to(app.make("title"))
    table = app.open("table", match)
    app.step([])
    made: set[str] = set()

    def to_zone(zone: str) -> None:
        for _ in range(6):
            if table.cursor[0] == zone:
                return
            press(app, pygame.K_DOWN if zone == "hand" else pygame.K_UP)
        raise AssertionError(f"the focus never reached the {zone}")

    def to_card(card: int) -> None:
        to_zone("hand")
        for _ in range(80):
            cards = table.hand_cards()
            if table.cursor_card() == card:
                return
            press(app, pygame.K_RIGHT if cards.index(card) > table.cursor[1] else pygame.K_LEFT)
        raise AssertionError("the focus never reached the card")

    for _ in range(600):
        assert wait_for(app, lambda: table.my_turn() or table.state.phase == OVER or top_name(app) != "table", 30)
        if top_name(app) == "pass":
            press(app, pygame.K_RETURN)
            continue
        s = table.state
        if s.phase == OVER or top_name(app) != "table":
            break
        action = plain_action(s)
        made.add(action.type)
        if action.type == "draw_stock":
            press(app, pygame.K_n)
        elif action.type == "take_line":  # ↑ to the line, → to the card, Enter opens the wipe, Enter confirms it
            to_zone("line")
            for _ in range(80):
                if table.cursor[1] == action.index + 1:
                    break
                press(app, pygame.K_RIGHT if table.cursor[1] < action.index + 1 else pygame.K_LEFT)
            press(app, pygame.K_RETURN, pygame.K_RETURN)
        elif action.type in ("meld", "arrange"):  # each new meld: its cards by Space, then M
            new = [m for m in action.melds if sorted(m) not in
                   [sorted(KIND_OF[c] for c in old.cards) for old in s.melds[s.turn]]]
            for meld in new:
                cards, _ = cards_for_kinds(table.hand_cards(), [meld], KIND_OF)
                for c in cards[0]:
                    to_card(c)
                    press(app, pygame.K_SPACE)
                press(app, pygame.K_m)
            if table.state is not s:
                made.add("melded by keys")
            else:  # the melds as the keys can make them were refused: drop them, discard instead
                press(app, pygame.K_r)
                discard = plain_action(apply(s, action))
                card = next(c for c in table.hand_cards() if KIND_OF[c] == discard.card)
                to_card(card)
                press(app, pygame.K_d)
        elif action.type == "done" or s.phase == FINAL:
            press(app, pygame.K_d)  # Done
        else:
            card = next(c for c in table.hand_cards() if KIND_OF[c] == action.card)
            to_card(card)
            press(app, pygame.K_d)
        assert table.state is not s, (action, table.message)
    else:
        raise AssertionError("the hand did not end")
    assert table.state.phase == OVER and {"draw_stock", "discard", "melded by keys"} <= made, made  # (this seed)
    assert wait_for(app, lambda: top_name(app) == "handover", 10), top_name(app)
    app.draw()
