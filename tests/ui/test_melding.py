"""Drag and drop melding: a drop on the new-meld zone and Confirm change the engine state; an
invalid drop changes nothing and shows the reason; undo within the turn."""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF

from .helpers import card_rect, ev_click, ev_drag, ev_key, hand_card, my_turn_match, open_table, safe_point


def test_select_drag_to_new_meld_and_confirm_changes_the_engine_state(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    cards = [hand_card(table, t) for t in ("5H", "6H", "7H")]
    for c in cards:
        app.step(ev_click(safe_point(card_rect(table, c))))
    assert table.selected == set(cards)
    before = match.state
    zone = table.geo().new_meld
    app.step(ev_drag(safe_point(card_rect(table, cards[0])), zone.center))
    assert match.state is before  # staged, not yet played
    assert table.message[1] == "good"
    app.step(ev_click(table.buttons["confirm"].rect.center))
    assert match.state is not before
    melds = match.state.melds[0]
    assert len(melds) == 1 and sorted(KIND_OF[c] for c in melds[0].cards) == sorted(KIND_OF[c] for c in cards)
    assert match.state.history[-1]["type"] == "arrange"


def test_m_key_melds_the_selection(app):
    match = my_turn_match("9C 10C JC 2D")
    table = open_table(app, match)
    for t in ("9C", "10C", "JC"):
        table.selected.add(hand_card(table, t))
    app.step([ev_key(pygame.K_m)])
    assert len(match.state.melds[0]) == 1


def test_invalid_drop_changes_nothing_and_shows_the_reason(app):
    match = my_turn_match("5H 9C KS QD")
    table = open_table(app, match)
    a, b, c = (hand_card(table, t) for t in ("5H", "9C", "KS"))
    table.selected = {a, b, c}
    table.touch()
    before = match.state
    app.step(ev_drag(safe_point(card_rect(table, a)), table.geo().new_meld.center))
    assert match.state is before
    text, kind = table.message
    assert kind == "bad" and table.message_rule.startswith("V4") and "V4" not in text  # the id is in the "?"
    app.step(ev_click(table.buttons["confirm"].rect.center))
    assert match.state is before
    assert table.message_rule.startswith("V4")


def test_first_meld_must_be_pure_reason(app):
    match = my_turn_match("7S 7H 7C 2D")
    table = open_table(app, match)
    table.selected = {hand_card(table, t) for t in ("7S", "7H", "7C")}
    app.step([ev_key(pygame.K_m)])
    assert match.state.melds[0] == []
    assert table.message_rule == "V7.1" and "V7" not in table.message[0]


def test_undo_restores_the_state_after_the_draw_not_before(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    after_draw = match.state
    table.selected = {hand_card(table, t) for t in ("5H", "6H", "7H")}
    app.step([ev_key(pygame.K_m)])
    assert match.state.melds[0]
    app.step([ev_key(pygame.K_u)])
    assert match.state is after_draw
    app.step([ev_key(pygame.K_u)])
    assert match.state is after_draw  # the draw itself is never undone


def test_discard_by_dragging_onto_the_line(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    king = hand_card(table, "KS")
    line = table.geo().layout.line_area
    app.step(ev_drag(safe_point(card_rect(table, king)), line.center))
    assert match.state.history[-1] == {"player": 0, "type": "discard", "card": "KS"}
    assert KIND_OF[match.state.line[-1]] == KIND_OF[king]


def test_rearranging_melds_by_dragging_between_them(app):
    # 5-6-7-8 of hearts on the table; drag the 8 onto a new group with 8S 8D -> two melds
    match = my_turn_match("5H 6H 7H 8H 8S 8D KC")
    table = open_table(app, match)
    table.selected = {hand_card(table, t) for t in ("5H", "6H", "7H", "8H")}
    app.step([ev_key(pygame.K_m)])
    assert len(match.state.melds[0]) == 1
    eight = next(c for c in match.state.melds[0][0].cards if KIND_OF[c] == KIND_OF[hand_card_any(match, "8H")])
    table.selected = {hand_card(table, "8S"), hand_card(table, "8D")}
    app.step([ev_key(pygame.K_m)])  # a two-card group: staged, invalid
    assert len(match.state.melds[0]) == 1
    geo = table.geo()
    rect = next(r for _, cards in geo.groups for c, r in cards if c == eight)
    target = geo.groups[1][0].center
    app.step(ev_drag((rect.x + 6, rect.y + 20), target))
    app.step(ev_click(table.buttons["confirm"].rect.center))
    assert len(match.state.melds[0]) == 2


def hand_card_any(match, token):
    from game.vazhushal import parse_kind
    for m in match.state.melds[0]:
        for c in m.cards:
            if KIND_OF[c] == parse_kind(token):
                return c
    raise AssertionError


def test_the_menu_keeps_the_staged_melds(app):
    match = my_turn_match("5H 6H 7H KS")
    table = open_table(app, match)
    table.selected = {hand_card(table, t) for t in ("5H", "6H")}
    table.staging.new_group(sorted(table.selected))
    app.step([ev_key(pygame.K_ESCAPE), ev_key(pygame.K_ESCAPE)])  # clear the selection, open the menu
    assert app.top.name == "menu"
    app.step([ev_key(pygame.K_ESCAPE)])  # resume
    assert app.top is table and table.staging.changed
