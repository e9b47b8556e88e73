"""Issue 31, a newcomer's full playthrough: each finding on Vazhushal's table, the shared scenes and
the replay viewer, checked headless (each test failed on the code as it was)."""

from __future__ import annotations

import itertools
import random
import re
import sys
import types

import pygame
import pytest

from game.core.cards import KIND_OF, parse_kind
from game.ui import selftest
from game.ui.match import HUMAN, SeatSetup
from game.ui.persist import SAVE_FILE
from game.ui.selftest import wait_for
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import DRAW, OVER, PLAY, Action, RuleSet, apply, to_json
from game.vazhushal.simulate import plain_action

from .helpers import ev_click, ev_drag, ev_key, hand_card, human_vs_bot, my_turn_match, open_table

RULE_ID = re.compile(r"\b[VITM]\d+(\.\d+)*[a-z]?\b")
HINT_DEPTH = 8  # determinizations of the Hint and of the review in these tests (the logic, not the numbers)


def resize(app, size) -> None:
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])


def captured_labels(monkeypatch, module) -> list[tuple[str, pygame.Rect]]:
    """Every label a module draws from now on: (text, where)."""
    seen: list[tuple[str, pygame.Rect]] = []
    real = module.label

    def spy(surf, s, *args, **kwargs):
        rect = real(surf, s, *args, **kwargs)
        seen.append((s, rect))
        return rect

    monkeypatch.setattr(module, "label", spy)
    return seen


# --- 1: the confirm dialog's focus is on the button that says Enter -------------------------------

def test_enter_in_a_confirm_dialog_presses_the_button_that_says_enter(app):
    app.reset_to(app.make("title"))
    done = []
    app.open("confirm", "Declare?", "Your groups are shown to everyone.", "Declare", lambda: done.append("yes"))
    app.step([])
    focused = app.top.form.focused
    assert focused.caption == "Declare" and focused.key == "Enter"
    app.step([ev_key(pygame.K_RETURN)])
    assert done == ["yes"] and selftest.top_name(app) == "title"


# --- 2: no rule id in what a player reads --------------------------------------------------------

def test_a_refused_wipe_on_the_table_shows_no_rule_id(app):
    match = my_turn_match("2S 9D KS 4C 6C JD QH 3S 5D 10C 8S AH 7D", line_tokens="QC 5H", phase=DRAW)
    table = open_table(app, match)
    app.step(ev_click(table.geo().line.rects[len(match.state.line) - 1].center))
    text, kind = table.message
    assert kind == "bad" and "pure sequence" in text
    assert not RULE_ID.search(text), text
    assert table.message_rule.startswith("V6")  # kept for the "?" and the log


def test_a_confirm_dialog_shows_no_rule_id(app, monkeypatch):
    from game.ui.scenes import confirm

    seen = captured_labels(monkeypatch, confirm)
    app.reset_to(app.make("title"))
    app.open("confirm", "Declare?", "This is not a valid declaration: 5♠-5♠-10♠ is not a meld (rule I7.2b)",
             "Declare", lambda: None)
    app.dirty = True
    app.step([])
    drawn = " ".join(s for s, _ in seen)
    assert "is not a meld" in drawn and not RULE_ID.search(drawn), drawn


# --- 3: a message belongs to the moment it answers -----------------------------------------------

def test_a_wipe_refusal_goes_when_the_player_draws(app):
    match = my_turn_match("2S 9D KS 4C 6C JD QH 3S 5D 10C 8S AH 7D", line_tokens="QC 5H", phase=DRAW)
    table = open_table(app, match)
    app.step(ev_click(table.geo().line.rects[len(match.state.line) - 1].center))
    assert table.message[1] == "bad"
    app.step([ev_key(pygame.K_n)])  # draw from the stock
    assert match.state.phase == PLAY and table.message[0] == ""


def test_a_staging_complaint_goes_with_the_reset_and_with_the_move(app):
    match = my_turn_match("5S 6S 9H KD QC")
    table = open_table(app, match)
    table.selected = {hand_card(table, "5S"), hand_card(table, "6S")}
    table.touch()
    start = table.geo().hand[[c for c, _ in table.geo().hand].index(hand_card(table, "5S"))][1]
    app.step(ev_drag((start.x + 8, start.y + start.h // 2), table.geo().new_meld.center))
    assert table.message[1] == "bad"  # "5♠-6♠ is not a meld"
    app.step([ev_key(pygame.K_r)])
    assert table.message[0] == ""
    table.say("5♠-6♠ is not a meld", "bad")
    assert table.play(Action.discard(0, parse_kind("KD")))
    assert table.message[0] == ""  # the bot's turn and the next one never see it


def test_a_hint_goes_once_its_last_step_is_played(app):
    from game.ui.vazhushal.table.presentation import Hint

    match = my_turn_match("5S 6S 9H KD QC")
    table = open_table(app, match)
    discard = Action.discard(0, parse_kind("KD"))
    table.hint = Hint(["1. Discard the K♦"], [discard])
    table.show_hint()
    assert "K♦" in table.message[0]
    assert table.play(discard)
    assert table.hint is None and table.message[0] == ""


# --- 4: one source of advice: a hand played by the Hint is rated best by the review ---------------

def rated_best(review, match) -> list:
    """The review of the match's last hand (seat 0) rates every one of its decisions best or within
    noise; returns them."""
    doc = match.last_replay
    assert doc is not None
    decisions = review(doc, 0, iterations=HINT_DEPTH).decisions
    assert decisions and all(d.verdict in ("best", "good", "only") for d in decisions), [
        (d.step, d.verdict, d.note) for d in decisions]
    return decisions


@pytest.mark.parametrize("seed", [3, 4])
def test_a_hand_played_by_following_every_hint_is_rated_best_by_the_review(app, seed):
    from ai.vazhushal.review import review

    match = human_vs_bot(seed=seed)
    table = open_table(app, match)
    table.hint_iterations = HINT_DEPTH
    followed = 0

    def step() -> bool:
        if selftest.top_name(app) in ("handover", "matchover") or match.state.phase == OVER:
            return True
        if table.my_turn() and not table.flyers:
            nonlocal followed
            app.step([ev_key(pygame.K_h)])
            assert wait_for(app, lambda: table.hint_job is None, 30)
            assert table.hint is not None, table.message
            for action in list(table.hint.actions):
                assert table.play(action)
            followed += 1
        return False

    assert wait_for(app, step, 240)
    assert followed >= 2
    rated_best(review, match)


# --- 6: a new game over a match that can be continued asks first ---------------------------------

def test_a_new_game_over_a_saved_match_asks_first_and_names_it(app):
    saved = human_vs_bot(seed=2)
    app.autosave(saved)
    app.flush_saves()
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    ng.set_game(1)  # another game replaces it just the same
    selftest.click_widget(app, ng.start)
    assert selftest.top_name(app) == "confirm"
    question = app.top
    assert "Vazhushal" in question.detail and "P2" in question.detail
    app.step([ev_key(pygame.K_ESCAPE)])  # keep it
    assert selftest.top_name(app) == "newgame"
    assert app.load_match().match_id == saved.match_id
    selftest.click_widget(app, ng.start)
    app.step([ev_key(pygame.K_RETURN)])  # the focused button, "Start new game"
    assert selftest.top_name(app) == ng.front.match.scene
    app.flush_saves()
    assert app.load_match().match_id != saved.match_id


def test_no_question_when_nothing_can_be_continued(app):
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    selftest.click_widget(app, ng.start)
    assert selftest.top_name(app) == "table"


# --- 8: players' words: levels, Joker, positions from 1, melds in order ---------------------------

def test_replays_name_bots_by_the_level_players_know(app):
    setups = [SeatSetup("You"), SeatSetup("Meena", "Medium"), SeatSetup("Ravi", "Bot: random")]
    match = VazhushalMatch.new(setups, RuleSet(players=3), 4)
    while match.state.phase != OVER:
        match.play(plain_action(match.state))
    app.reset_to(app.make("title"))
    viewer = app.open("replay", match.take_replay())
    labels = [viewer.timeline.kind_label(i) for i in range(3)]
    assert labels == ["Human", "Medium", "Computer"]
    assert not any("Bot" in x or "heuristic" in x for x in labels)


def test_the_joker_is_written_joker_and_text_mode_counts_from_one():
    from game.ui.wording import pretty_text
    from game.vazhushal.deal import new_hand
    from game.vazhushal.narrate import narrate
    from game.vazhushal.simulate import play_hand

    assert pretty_text("5S-JK-7S is not a meld") == "5♠-Joker-7♠ is not a meld"
    found = False
    for seed in range(40):
        rng = random.Random(seed)
        start = new_hand(RuleSet(players=3), rng)
        end, _ = play_hand(start, rng)
        lines = narrate(start, end)
        assert not any(re.search(r"\bJK\b", line) for line in lines)
        takes = [e for e in end.history if e["type"] == "take_line" and e is not end.history[0]]
        wipes = [line for line in lines if "wipes the line from position" in line]
        if takes and len(wipes) == len([e for e in end.history if e["type"] == "take_line"]):
            positions = [int(re.search(r"position (\d+)", w).group(1)) for w in wipes]
            assert positions == [e["index"] + 1 for e in end.history if e["type"] == "take_line"]
            found = True
            break
    assert found


def test_the_replay_writes_a_meld_in_the_order_it_is_read():
    from game.ui.vazhushal.replay import step_words

    match = my_turn_match("QS KS 5H 9D", line_tokens="4C AS", phase=DRAW)
    before = match.state
    action = Action.take_line(0, len(before.line) - 1, tuple(parse_kind(t) for t in ("AS", "QS", "KS")))
    after = apply(before, action)
    words = step_words(before, {"seat": 0, "action": action.to_json()}, after, ["You", "Meena"])
    assert "laid down Q♠ K♠ A♠" in words, words
    action = Action.arrange(0, [[parse_kind(t) for t in ("AS", "QS", "KS")]])
    before = my_turn_match("AS QS KS 5H").state
    after = apply(before, action)
    words = step_words(before, {"seat": 0, "action": action.to_json()}, after, ["You", "Meena"])
    assert "laid down Q♠ K♠ A♠" in words, words


# --- 9: hot-seat names ---------------------------------------------------------------------------

def test_hot_seat_seats_are_player_1_and_player_2_and_the_pass_screen_names_them(app, monkeypatch):
    from game.ui.scenes import passdevice

    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    ng.set_seat(1, level=HUMAN)
    assert [s.name for s in ng.seats] == ["Player 1", "Player 2"]
    ng.set_seat(1, level="Medium")
    assert [s.name for s in ng.seats][0] == "You"  # one person again: the seat looking is "You"
    ng.set_seat(1, level=HUMAN)
    seen = captured_labels(monkeypatch, passdevice)
    selftest.click_widget(app, ng.start)
    assert wait_for(app, lambda: selftest.top_name(app) == "pass", 10)
    app.dirty = True
    app.step([])
    assert any(s.startswith("Pass to Player ") for s, _ in seen) and not any("You" in s for s, _ in seen)


# --- 12: the line card under the pointer says what a take from there would do ---------------------

def test_hovering_a_line_card_says_whether_a_take_is_legal_and_what_it_brings(app):
    from game.ui.vazhushal.table.view import message_shown

    match = my_turn_match("6H 7H KS", line_tokens="QC 8H", phase=DRAW)
    table = open_table(app, match)
    geo = table.geo()
    last = len(match.state.line) - 1
    app.step(ev_click(geo.line.rects[last].center)[:1])
    words, _ = message_shown(table)
    assert "allowed" in words and "not allowed" not in words and "6♥ 7♥ 8♥" in words, words
    rect = geo.line.rects[last - 1]
    app.step(ev_click((rect.x + 4, rect.y + 10))[:1])
    words, _ = message_shown(table)
    assert "not allowed" in words, words


def test_a_refused_click_shows_at_once_with_the_pointer_still_on_the_card(app):
    from game.ui.vazhushal.table.view import message_shown

    match = my_turn_match("2S 9D KS 4C 6C JD QH 3S 5D 10C 8S AH 7D", line_tokens="QC 5H", phase=DRAW)
    table = open_table(app, match)
    app.step(ev_click(table.geo().line.rects[len(match.state.line) - 1].center))
    words, kind = message_shown(table)  # the pointer has not moved off the card
    assert kind == "bad" and words == table.message[0]


# --- 14: looks ------------------------------------------------------------------------------------

def test_a_bots_turn_title_fits_the_side_column(app, monkeypatch):
    from game.ui.vazhushal.table import view

    match = VazhushalMatch.new([SeatSetup("You"), SeatSetup("Meena", "Medium")], RuleSet(players=2), 5)
    table = open_table(app, match)
    match.state.turn = 1
    table.next_bot_at = float("inf")
    seen = captured_labels(monkeypatch, view)
    app.dirty = True
    app.step([])
    side = table.geo().layout.side
    inside = [(s, r) for s, r in seen if r.x >= side.x - 1]
    assert inside and all(r.right <= side.right for _, r in inside), [(s, r) for s, r in inside
                                                                       if r.right > side.right]
    assert not any(s.endswith("…") and "think" in s for s, _ in inside)


@pytest.mark.parametrize("size", [(640, 480), (800, 480)])
def test_your_melds_heading_never_runs_into_the_melds_or_the_new_meld_zone(app, size):
    from game.ui.resources import font
    from game.ui.vazhushal.table.geometry import MELDS_HEADING

    resize(app, size)
    match = my_turn_match("5H 6H 7H 9C 9D 9S KS")
    match.state = apply(match.state, Action.arrange(0, [[parse_kind(t) for t in ("5H", "6H", "7H")]]))
    table = open_table(app, match)
    geo = table.geo()
    heading_right = geo.layout.melds_area.x + table.px(8) + font(table.fs(18), True).size(MELDS_HEADING)[0]
    starts = [rect.x for rect, _ in geo.groups] + [geo.new_meld.x]
    assert min(starts) > heading_right
    zone_words = font(table.fs(18), True).size("+ New meld")[0]
    assert geo.new_meld.w >= zone_words


def test_the_focus_mark_never_touches_a_choices_arrow():
    from game.ui.resources import font
    from game.ui.widgets import Choice

    for h, size in ((42, 20), (21, 12), (26, 14)):
        choice = Choice("", ["Human", "Medium"])
        choice.rect = pygame.Rect(10, 10, 165, h)
        assert choice.rect.x + 10 + font(size).size("› ")[0] < choice.value_x()


def test_new_game_words_wrap_instead_of_being_cut_in_a_small_window(app):
    resize(app, (640, 480))
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    app.dirty = True
    app.step([])
    shown = [w for w in ng.rule_widgets if id(w) in ng.described]
    assert shown
    for widget in shown:
        lines = ng.words_lines(widget)
        assert " ".join(lines) == ng.describe(widget) and not lines[-1].endswith("…")


# --- 15: 640x480 ------------------------------------------------------------------------------------

def test_the_smallest_window_is_640x480_and_every_scene_keeps_its_widgets_inside(app):
    from game.ui.app import MIN_SIZE
    from tools.ui import screenshots

    assert MIN_SIZE == (640, 480)
    resize(app, (400, 300))
    assert app.screen.get_size() == MIN_SIZE
    window = app.screen.get_rect()
    for name, setup in screenshots.SCENES + screenshots.REPLAY_SCENES:
        setup(app)
        app.dirty = True
        app.step([])
        top = app.top
        widgets = list(getattr(getattr(top, "form", None), "widgets", []) or [])
        widgets += [b for n, b in getattr(top, "buttons", {}).items()
                    if top.name != "table" or n in top.geo().buttons]
        for w in widgets:
            if getattr(w, "visible", True) and w.rect.w:
                assert window.contains(w.rect), (name, getattr(w, "caption", w), w.rect)
        if top.name == "table":
            geo = top.geo()
            side = geo.layout.side
            for n in geo.buttons:
                if n in ("confirm", "reset", "undo", "discard", "sort", "hint", "log", "menu"):
                    assert side.contains(top.buttons[n].rect), (name, n)
            assert all(window.contains(r) for _, r in geo.hand), name


# --- 16: a colour-blind-safe deck, keyboard play, spoken words only if wanted -----------------------

_SIM = {  # Machado et al. (2009), full severity, on linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (max(0.0, min(1.0, v)) for v in linear)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               0.0193 * r + 0.1192 * g + 0.9505 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(rgb, matrix) -> tuple[float, float, float]:
    lin = [_lin(v) for v in rgb]
    return _lab(tuple(sum(matrix[i][j] * lin[j] for j in range(3)) for i in range(3)))


def test_the_colour_blind_deck_keeps_every_two_suits_apart_without_red_against_green(app):
    from game.ui.cardart import COLOUR_BLIND, FOUR_COLOUR, CardArt, index_size

    def worst(palette) -> float:
        return min(sum((a - b) ** 2 for a, b in zip(_seen(p, m), _seen(q, m))) ** 0.5
                   for m in _SIM.values() for p, q in itertools.combinations(palette, 2))

    assert worst(COLOUR_BLIND) >= 30 > worst(FOUR_COLOUR)  # the four-colour deck puts red against green
    art = CardArt(colour_blind=True)
    for width in range(36, 110):  # the suit shape is larger than the rank's, at every card size
        assert art.suit_size(width) > index_size(width), width
        art.face(parse_kind("10H"), width, wild=True)
    app.reset_to(app.make("title"))
    settings = app.open("settings")
    colours = next(w for w in settings.form.widgets if getattr(w, "caption", "") == "Card colours")
    colours.change(2 - colours.index)
    assert app.settings.colour_blind and app.art.colour_blind
    assert app.art.ink(parse_kind("5H")) == COLOUR_BLIND[1]


def test_a_whole_vazhushal_turn_and_a_wipe_by_keyboard_with_the_focus_announced(app, monkeypatch):
    from game.ui.vazhushal.table import view

    match = my_turn_match("6H 7H 9S 9D 9C KS", line_tokens="QC 8H", phase=DRAW)
    table = open_table(app, match)
    seen = captured_labels(monkeypatch, view)
    # the wipe: up to the line (the newest card has the focus), Enter opens it, the wipe's cards
    app.step([ev_key(pygame.K_UP)])
    assert table.cursor[0] == "line" and "8♥" in table.focus_words()
    app.dirty = True
    app.step([])
    assert any(s.startswith("▸ Line card") for s, _ in seen)  # announced on screen
    app.step([ev_key(pygame.K_RETURN)])
    assert table.wipe is not None
    app.step([ev_key(pygame.K_DOWN)])
    assert table.cursor[0] == "wipe" and "The wipe" in table.focus_words()
    app.step([ev_key(pygame.K_RETURN)])  # confirm the wipe
    assert match.state.phase == PLAY and match.state.history[-1]["type"] == "take_line"
    # a meld: three nines selected with the focus and Space, M lays them down
    while table.cursor[0] != "hand":
        app.step([ev_key(pygame.K_DOWN)])
    for token in ("9S", "9D", "9C"):
        card = hand_card(table, token)
        while table.cursor_card() != card:
            app.step([ev_key(pygame.K_RIGHT if table.hand_cards().index(card) > table.cursor[1] else pygame.K_LEFT)])
        assert token[0] in table.focus_words()
        app.step([ev_key(pygame.K_SPACE)])
    app.step([ev_key(pygame.K_m)])
    assert any(sorted(KIND_OF[c] for c in m.cards) == sorted(parse_kind(t) for t in ("9S", "9D", "9C"))
               for m in match.state.melds[0])
    # the discard: the focused card, D
    card = hand_card(table, "KS")
    while table.cursor_card() != card:
        app.step([ev_key(pygame.K_RIGHT if table.hand_cards().index(card) > table.cursor[1] else pygame.K_LEFT)])
    app.step([ev_key(pygame.K_d)])
    assert match.state.turn == 1 or match.state.phase == OVER


def test_spoken_announcements_are_off_by_default_and_optional(app, monkeypatch):
    assert app.settings.speech is False
    app.speak("nothing is said")  # off: nothing happens
    monkeypatch.setitem(sys.modules, "accessible_output2", None)  # not installed
    app.settings.speech = True
    app.speak("hello")
    assert app.settings.speech is False and any("accessible-output2" in t for t, _ in app.toasts)
    said = []
    fake = types.ModuleType("accessible_output2.outputs.auto")
    fake.Auto = lambda: types.SimpleNamespace(speak=lambda words, interrupt=False: said.append(words))
    for name in ("accessible_output2", "accessible_output2.outputs"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", fake)
    app.settings.speech = True
    app.speak("Your hand, card 1 of 13")
    assert said == ["Your hand, card 1 of 13"]


def test_the_save_is_untouched_when_a_question_is_refused(app):
    """(6) Keeping the saved match leaves its file as it was."""
    saved = human_vs_bot(seed=9)
    app.autosave(saved)
    app.flush_saves()
    before = app.store.path(SAVE_FILE).read_bytes()
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    ng.start_game()
    assert selftest.top_name(app) == "confirm"
    selftest.click_widget(app, selftest.button(app, "Keep it"))
    app.flush_saves()
    assert app.store.path(SAVE_FILE).read_bytes() == before
    assert to_json(app.load_match().state) == to_json(saved.state)


@pytest.mark.parametrize("seed", [5, 7, pytest.param(6, marks=pytest.mark.long, id="6-long")])
def test_an_indian_rummy_deal_played_by_following_every_hint_is_rated_best_by_the_review(app, seed):
    """Issue 31.4 for Indian Rummy: the Hint (H) is the review's best move, its card selected (a
    declaration's groups arranged), so D (or F) plays it; the review of the deal rates every one
    of those moves best or within noise."""
    from ai.indian13.review import review
    from game.indian13 import RuleSet as RuleSet13
    from game.indian13.state import DISCARD as DISCARD13
    from game.ui.indian13.match import Indian13Match

    match = Indian13Match.new([SeatSetup("You", HUMAN), SeatSetup("Meena", "Medium")], RuleSet13(players=2), seed)
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    table.hint_iterations = HINT_DEPTH
    followed = 0

    def step() -> bool:
        if match.state.phase == OVER:
            return True
        if table.my_turn():
            nonlocal followed
            app.step([ev_key(pygame.K_h)])
            assert wait_for(app, lambda: table.hint_job is None, 30)
            assert table.message[0].startswith("Hint: "), table.message
            words = table.message[0].lower()
            before = len(match.state.history)
            if "declare" in words:
                table.ask_declare()
                selftest.button(app, "Declare").activate()
            elif table.state.phase == DISCARD13:
                assert len(table.selected) == 1  # the hinted card, ready to go
                app.step([ev_key(pygame.K_d)])
            elif "discard pile" in words:
                app.step([ev_key(pygame.K_t)])
            elif "drop" in words:
                table.ask_drop()
                selftest.button(app, "Drop").activate()
            else:
                app.step([ev_key(pygame.K_n)])
            assert len(match.state.history) == before + 1, table.message
            followed += 1
        return False

    assert wait_for(app, step, 300)
    assert followed >= 1
    assert len(rated_best(review, match)) == followed
