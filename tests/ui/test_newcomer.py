"""What a new player trips over (issue #12): plain words with the rule one click away, the score
sheet, restart / new game from the menu, the new-game screen's presets and house rules, and the
table bugs (a card drawn twice, one seat's message shown to the next)."""

from __future__ import annotations

import json
import time

import pygame

from game.ui import bots, selftest
from game.ui.persist import SAVE_FILE
from game.ui.selftest import wait_for
from game.ui.vazhushal import smoke as vazhushal_smoke
from game.ui.vazhushal.match import VazhushalMatch
from game.ui.vazhushal.scoresheet import hands_phrase, sheet_rows
from game.ui.vazhushal.setup import HOUSE_RULES, PRESET_WORDS
from game.ui.vazhushal.table.presentation import Flyer
from game.vazhushal import OVER, to_json
from game.vazhushal.simulate import plain_action

from .helpers import (
    card_rect,
    ev_click,
    ev_drag,
    ev_key,
    hand_card,
    human_vs_bot,
    my_turn_match,
    open_table,
    safe_point,
)


def finish(match: VazhushalMatch) -> None:
    while match.state.phase != OVER:
        match.play(plain_action(match.state))


# --- messages: plain words, the rule behind a "?" ---------------------------------------------------

def test_an_error_shows_plain_words_and_a_question_mark_opens_its_rule_page(app):
    match = my_turn_match("5H 9C KS QD")
    table = open_table(app, match)
    table.selected = {hand_card(table, t) for t in ("5H", "9C", "KS")}
    table.touch()
    app.step(ev_drag(safe_point(card_rect(table, next(iter(table.selected)))), table.geo().new_meld.center))
    text, kind = table.message
    assert kind == "bad" and not text.startswith("V") and table.message_rule.startswith("V4")
    geo = table.geo()
    assert geo.why is not None and "why" in geo.buttons
    assert geo.message is not None and " ".join(geo.message.lines) == "✗ " + text  # whole
    app.step(ev_click(geo.why.center))
    assert selftest.top_name(app) == "howto"
    assert app.top.page == 0 and app.top.note == text  # the melds page, with the whole message on top


def test_a_long_message_is_read_whole_on_the_felt_above_the_hand(app):
    """Issue 46/48: a message longer than a line takes as many lines as it needs (in smaller type
    where it must), between the melds and the hand, over no card; the "?" stays beside it."""
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    words = "word " * 40
    table.say("V4: " + words, "bad")
    geo = table.geo()
    place = geo.message
    assert len(place.lines) > 1 and " ".join(place.lines) == "✗ " + table.message[0] and not place.cut
    assert place.size >= 11 and place.box.bottom <= min(r.y for _, r in geo.hand)
    assert not any(place.box.colliderect(r) for rect, cards in geo.groups for r in [rect, *(c for _, c in cards)])
    assert geo.why is not None and place.box.contains(geo.why)  # the rule one click away


def test_no_rule_id_in_what_a_player_reads():
    import re

    from game.ui.games import GAMES

    rule_id = re.compile(r"\b[VITM]\d+(\.\d+)*[a-z]?\b")
    for front in GAMES.values():
        for head, body, examples in front.rulebook:
            assert not rule_id.search(body) and not rule_id.search(head), (front.name, head)
            assert not any(rule_id.search(caption) for caption, _, _ in examples)


# --- the score sheet ----------------------------------------------------------------------------------

def test_every_finished_hand_is_on_the_score_sheet_and_saved(app):
    match = human_vs_bot(seed=6)
    match.note_hint(0)
    finish(match)
    end = match.state
    match.next_hand()
    finish(match)
    assert [h.hand for h in match.sheet] == [0, 1]
    first = match.sheet[0]
    assert first.hints == [1, 0] and match.sheet[1].hints == [0, 0]
    assert first.cards_left == [len(h) for h in end.hands]
    assert (first.winner, first.reason) == (end.result.winner, end.result.reason)
    rows = sheet_rows(match)
    assert len(rows) == 2 and all(len(cells) == 2 for _, _, cells in rows)
    again = VazhushalMatch.from_json(json.loads(json.dumps(match.to_json())))
    assert [h.to_json() for h in again.sheet] == [h.to_json() for h in match.sheet]


def test_the_score_sheet_opens_from_the_hand_over_screen_and_the_menu(app):
    match = human_vs_bot(seed=6)
    finish(match)
    table = open_table(app, match)
    assert wait_for(app, lambda: selftest.top_name(app) == "handover", 10)
    app.step([ev_key(pygame.K_s)])
    assert selftest.top_name(app) == "scoresheet"
    app.step([ev_key(pygame.K_ESCAPE)])
    assert selftest.top_name(app) == "handover"
    selftest.click_widget(app, selftest.button(app, "Score sheet"))
    assert selftest.top_name(app) == "scoresheet"
    app.step([ev_key(pygame.K_ESCAPE)])
    app.step([ev_key(pygame.K_RETURN)])  # next hand
    table.open_menu()
    selftest.click_widget(app, selftest.button(app, "Score sheet"))
    assert selftest.top_name(app) == "scoresheet" and app.top.match is match


def test_hands_phrase_grammar():
    assert hands_phrase(1) == "1 hand" and hands_phrase(2) == "2 hands" and hands_phrase(0) == "0 hands"


def test_an_old_save_without_a_score_sheet_still_loads():
    doc = human_vs_bot(seed=2).to_json()
    for key in ("sheet", "hand_start", "hints"):
        doc.pop(key)
    match = VazhushalMatch.from_json(doc)
    assert match.sheet == [] and match.hand_start is None and not match.can_restart


# --- the menu: restart the hand, new game ------------------------------------------------------------

def test_restart_hand_deals_the_same_cards_again(app):
    match = my_turn_match("5H 6H 7H KS")
    match.hand_start = match.state  # the rigged position stands for the deal
    table = open_table(app, match)
    start = to_json(match.state)
    app.step([ev_key(pygame.K_d)])  # a discard: the hand has moved on
    assert to_json(match.state) != start
    table.open_menu()
    selftest.click_widget(app, selftest.button(app, "Restart hand"))
    assert selftest.top_name(app) == "confirm"
    selftest.click_widget(app, selftest.button(app, "Restart hand"))
    assert selftest.top_name(app) == "table"
    assert to_json(match.state) == start and match.undo_stack == [] and table.message[0] == ""


def test_restart_is_not_offered_once_the_hand_is_over_or_not_started(app):
    match = human_vs_bot(seed=3)
    assert not match.can_restart  # nothing played yet
    finish(match)
    assert not match.can_restart


def test_new_game_from_the_menu_keeps_the_match_saved(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    table.open_menu()
    selftest.click_widget(app, selftest.button(app, "New game"))
    assert selftest.top_name(app) == "newgame"
    app.flush_saves()
    saved = json.loads(app.store.path(SAVE_FILE).read_text(encoding="utf-8"))
    assert saved["state"] == to_json(match.state)
    app.step([ev_key(pygame.K_ESCAPE)])
    assert selftest.button(app, "Continue")


# --- the new-game screen -------------------------------------------------------------------------------

def test_presets_first_house_rules_under_advanced_each_explained(app):
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    captions = [getattr(w, "caption", "") for w in ng.rule_widgets]
    assert captions[:3] == ["Game", "Preset", "Hands to win match"] and "Negative joker" not in captions
    ng.toggle_advanced()
    captions = [getattr(w, "caption", "") for w in ng.rule_widgets]
    assert {r.caption for r in HOUSE_RULES} <= set(captions)
    for w in ng.rule_widgets:
        if w.caption in {r.caption for r in HOUSE_RULES} or w.caption == "Preset":
            assert ng.describe(w)
    from game.vazhushal import PRESETS
    assert set(PRESETS) == set(PRESET_WORDS)


def test_changing_a_house_rule_names_the_matching_preset_or_custom(app):
    app.reset_to(app.make("title"))
    ng = app.open("newgame")
    ng.toggle_advanced()
    ng.set_rule(negative_joker=False)
    assert ng.preset == "Printed jokers only"
    ng.set_rule(wild_in_hand_value=10)
    assert ng.preset == "Custom" and ng.rule_widgets[1].value == "Custom"
    ng.set_rule(target_wins=1)  # the match length is not a house rule
    assert ng.preset == "Custom"


# --- table bugs --------------------------------------------------------------------------------------

def test_a_card_in_flight_is_not_also_drawn_in_the_hand(app):
    from game.ui.vazhushal.table.view import in_flight

    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    card = table.hand_cards()[0]
    table.flyers = [Flyer(0, card, (0, 0), (10, 10), time.monotonic(), 5.0, 40)]
    assert in_flight(table) == {card}
    table.flyers = [Flyer(0, card, (0, 0), (10, 10), time.monotonic() - 10, 1.0, 40)]
    assert in_flight(table) == set()


def test_one_seats_message_never_reaches_the_next_hot_seat_player(app):
    match = human_vs_bot(seed=5, humans=2)
    table = open_table(app, match)
    assert wait_for(app, lambda: selftest.top_name(app) == "pass", 10)
    app.step([ev_key(pygame.K_RETURN)])
    table.undo()  # "Nothing to undo..."
    assert table.message[0]
    vazhushal_smoke.human_turn(app, table, meld_try=False)
    assert wait_for(app, lambda: selftest.top_name(app) == "pass", 10)
    assert table.message == ("", "info") and table.hint is None


def test_the_first_hand_explains_the_negative_joker_once(app):
    app.settings.wild_intro_seen = False
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    assert wait_for(app, lambda: selftest.top_name(app) == "coach", 5)
    coach = app.top
    assert "negative joker" in coach.words and coach.target.colliderect(table.geo().layout.indicator)
    assert app.settings.wild_intro_seen  # remembered: once only
    app.step([ev_key(pygame.K_RETURN)])
    assert selftest.top_name(app) == "table"
    for _ in range(5):
        app.step([])
    assert selftest.top_name(app) == "table"


def test_the_indicator_stands_face_up_beside_the_stock(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    lay = table.geo().layout
    assert lay.indicator.x >= lay.stock.right and lay.indicator.size == lay.stock.size
    assert lay.indicator.right < lay.line_area.x


def test_a_long_line_stays_on_one_row_newest_in_full(app):
    from tools.vazhushal.demo import long_line_match

    for n in (12, 30, 60):
        match = long_line_match(6, n)
        table = open_table(app, match)
        line = table.geo().line
        ys = {line.rects[i].y for i in line.visible}
        assert len(ys) == 1  # one row
        newest = line.rects[len(match.state.line) - 1]
        assert newest.right <= table.geo().layout.line_area.right
        steps = [line.rects[i + 1].x - line.rects[i].x for i in line.visible[:-1]]
        from game.ui.cardart import strip_width
        assert min(steps) >= strip_width(table.geo().layout.line_w)  # every index readable
        assert line.visible[-1] == len(match.state.line) - 1 and line.hidden_older == line.visible[0]


def test_a_hint_is_the_current_decision_with_steps_and_the_cards_to_use(app):
    """Issue 31: the Hint is the review's best move for the decision at hand: the draw, then (asked
    again) the melds and the discard, as numbered steps that follow the player's moves."""
    from game.vazhushal import DRAW

    match = my_turn_match("5H 6H 7H 9C 9D 9S KS", phase=DRAW)
    table = open_table(app, match)
    table.hint_iterations = 8
    app.step([ev_key(pygame.K_h)])
    assert wait_for(app, lambda: table.hint_job is None, 30)
    hint = table.hint
    assert hint is not None and hint.actions[-1].type in ("draw_stock", "take_line")
    assert table.message[1] == "hint" and hint.steps[0].split(". ", 1)[1] in table.message[0]
    for action in list(hint.actions):
        assert table.play(action)
    assert table.hint is None and table.state.phase != DRAW
    app.step([ev_key(pygame.K_h)])
    assert wait_for(app, lambda: table.hint_job is None, 30)
    hint = table.hint
    assert hint is not None and hint.actions[-1].type == "discard" and hint.steps[0].startswith("1. ")
    assert match.hints == [2, 0]
    if len(hint.actions) > 1:
        first = hint.next
        assert table.play(first)  # following the hint: it moves on to the next step
        assert table.hint is not None and table.hint.steps[0].startswith("2. ")
    assert table.hint.hand_kinds() == [table.hint.next.card]


def test_plan_steps_name_what_goes_down_and_what_is_added():
    from game.core.cards import parse_kind
    from game.ui.vazhushal.table.describe import plan_steps
    from game.vazhushal import Action, apply

    match = my_turn_match("5H 6H 7H 8H 9C 9D 9S KS")
    s = match.state
    k = [parse_kind(t) for t in ("5H", "6H", "7H")]
    first = Action.meld_(0, [k])
    s2 = apply(s, first)
    grow = Action.arrange(0, [k + [parse_kind("8H")], [parse_kind(t) for t in ("9C", "9D", "9S")]])
    steps = plan_steps(s2, [grow, Action.discard(0, parse_kind("KS"))])
    assert steps[0].startswith("1. ") and "add 8♥ to 5♥ 6♥ 7♥" in steps[0] and "lay down 9♠ 9♦ 9♣" in steps[0].lower()
    assert steps[1] == "2. Discard the K♠"


# --- your hand in groups ------------------------------------------------------------------------------

def test_likely_groups_put_runs_and_sets_together():
    from game.core.cards import KINDS, parse_kind
    from game.ui.vazhushal.table.grouping import breaks_of, likely_groups

    tokens = "KS 5H 9C 2D 7H 9D 6H 9S JK".split()
    kind_of = {i: parse_kind(t) for i, t in enumerate(tokens)}
    import game.ui.vazhushal.table.grouping as grouping
    wild = [False] * KINDS
    wild[parse_kind("JK")] = True
    real = grouping.KIND_OF
    grouping.KIND_OF = kind_of  # card ids 0..8 stand for the tokens
    try:
        groups = likely_groups(list(range(len(tokens))), wild)
    finally:
        grouping.KIND_OF = real
    named = [[tokens[c] for c in g] for g in groups]
    assert named[0] == ["5H", "6H", "7H"] and sorted(named[1]) == ["9C", "9D", "9S"]
    assert named[-1] == ["JK"] and sum(len(g) for g in named) == len(tokens)
    assert breaks_of(groups) == {g[0] for g in groups[1:]}


def test_groups_sort_and_your_own_groups_are_kept_between_turns(app):
    match = my_turn_match("5H 6H 7H 9C 9D 9S KS 2D")
    table = open_table(app, match)
    while table.sort_mode != "groups":
        app.step([ev_key(pygame.K_s)])
    assert table.breaks and table.buttons["sort"].caption == "Sort: groups"
    geo = table.geo()
    xs = [r.x for _, r in geo.hand]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert max(steps) > min(steps)  # gaps between the groups
    # drag the K♠ past the right end: a group of its own
    king = hand_card(table, "KS")
    end = (min(geo.hand[-1][1].right + 40, geo.layout.hand_area.right - 4), geo.hand[-1][1].centery)
    app.step(ev_drag(safe_point(card_rect(table, king)), end))
    assert table.hand_order[-1] == king and king in table.breaks
    groups_before = set(table.breaks)
    app.step([ev_key(pygame.K_d)])  # discard (the cursor card): the turn ends, the bot plays
    assert wait_for(app, table.my_turn, 30)
    kept = {c for c in groups_before if c in table.hand_order}
    assert kept and kept <= table.breaks | {table.hand_order[0]}


# --- the guided first hand ----------------------------------------------------------------------------

def test_the_tutorial_teaches_draw_meld_wipe_lay_off_and_going_out(app):
    from game.ui.vazhushal.tutorial import STEPS
    from game.vazhushal import Action, parse_kind

    app.store.write(SAVE_FILE, human_vs_bot(seed=3).to_json())
    saved = app.store.path(SAVE_FILE).read_bytes()
    app.reset_to(app.make("title"))
    selftest.click_widget(app, selftest.button(app, "Tutorial: your first hand"))
    selftest.click_widget(app, selftest.button(app, "Vazhushal"))  # the chooser of the games with a guided hand
    table = app.top
    assert table.name == "table" and table.tutorial is not None and table.match.practice
    seen = []

    def coach() -> str:
        app.step([])
        step = table.tutorial.current
        if step is not None and (not seen or seen[-1] != step.key):
            seen.append(step.key)
            assert table.geo().coach is not None and "skip" in table.geo().buttons
        return step.key if step else "done"

    def k(tokens: str) -> list[int]:
        return [parse_kind(t) for t in tokens.split()]

    assert coach() == "draw"
    app.step(ev_click(table.geo().layout.stock.center))
    assert coach() == "meld"
    assert table.play(Action.arrange(0, [k("2S 3S 4S 5S 6S 7S")]))
    assert coach() == "discard"
    table.discard(hand_card(table, "KS"))
    assert wait_for(app, lambda: coach() == "wipe", 20)  # the opponent drew and threw the J♥
    table.click_line(len(match_line(table)) - 1)
    table.confirm_wipe()
    assert coach() == "discard2"
    table.discard(hand_card(table, "9C"))
    assert wait_for(app, lambda: coach() == "draw2", 20)
    table.draw_stock()
    assert coach() == "layoff"
    assert table.play(Action.arrange(0, [k("2S 3S 4S 5S 6S 7S 8S"), k("9H 10H JH")]))
    assert coach() == "out"
    assert table.play(Action.arrange(0, [k("2S 3S 4S 5S 6S 7S 8S"), k("9H 10H JH"), k("QC QD 2H")]))
    table.discard(hand_card(table, "AC"))
    assert table.state.phase == OVER and table.state.result.winner == 0
    assert coach() == "done"
    assert [key for key in seen if not key.startswith("wait")] == [s.key for s in STEPS if not s.key.startswith("wait")]
    app.flush_saves()
    assert app.store.path(SAVE_FILE).read_bytes() == saved  # your match was never replaced
    assert app.stats.totals()["hands_played"] == 0  # a practice hand is not counted


def match_line(table) -> list[int]:
    return table.state.line


def test_the_tutorial_can_be_skipped_and_replayed_from_the_menu(app):
    app.reset_to(app.make("title"))
    selftest.click_widget(app, selftest.button(app, "Tutorial: your first hand"))
    selftest.click_widget(app, selftest.button(app, "Vazhushal"))  # the chooser of the games with a guided hand
    table = app.top
    app.step([])
    selftest.click_widget(app, table.buttons["skip"])
    assert selftest.top_name(app) == "title"
    match = human_vs_bot(seed=4)
    real = open_table(app, match)
    real.open_menu()
    selftest.click_widget(app, selftest.button(app, "Tutorial"))
    assert selftest.top_name(app) == "table" and app.top.tutorial is not None


def test_every_seat_choice_is_explained_on_the_new_game_screen():
    from ai.games import GAMES
    from game.ui.match import HUMAN

    for front in GAMES.values():
        for level in [HUMAN] + bots.level_names(front):
            words = bots.level_description(front, level)
            assert words.startswith(level + ":") and len(words) > len(level) + 10


def test_the_focused_seat_choice_is_explained_whole_at_the_smallest_size(app, monkeypatch):
    """Issue 11: the new-game screen shows each level's description; at 800x480 it wraps onto a
    second line instead of being cut off, for both games."""
    from ai.games import GAMES
    from game.ui.app import MIN_SIZE
    from game.ui.scenes import newgame

    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1], size=MIN_SIZE)])
    drawn: list[str] = []
    real_label = newgame.label

    def label(surf, text, *args, **kwargs):
        drawn.append(text)
        return real_label(surf, text, *args, **kwargs)

    monkeypatch.setattr(newgame, "label", label)
    app.reset_to(app.make("title"))
    screen = app.make("newgame", seed=1)
    screen.build()
    app.push(screen)
    for game, name in enumerate(app.games):  # the games with a table
        front = GAMES[name]
        screen.set_game(game)
        for level in bots.seat_choices(front):
            screen.set_seat(1, level=level)
            screen.form.focus = screen.form.focusable().index(screen.seat_widgets[1][1])
            drawn.clear()
            app.dirty = True
            app.draw()
            words = bots.level_description(front, level)
            first = next(i for i, text in enumerate(drawn) if text and words.startswith(text))
            shown = " ".join(drawn[first:first + 2])
            assert "…" not in shown and words in (drawn[first], shown), (level, drawn[first:first + 2])
            measured = bots.level_measured(front, level)
            assert not measured or measured in " ".join(drawn), (level, measured)  # what the ladder measured, whole
