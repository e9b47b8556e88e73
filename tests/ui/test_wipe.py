"""Clicking a card of the discard line: a legal wipe is offered with the meld from the legal-move
source and performed; an illegal one says why, citing the rule."""

from __future__ import annotations

from game.core.cards import KIND_OF
from game.vazhushal import DRAW, PLAY

from .helpers import ev_click, my_turn_match, open_table


def test_clicking_a_line_card_performs_a_legal_wipe(app):
    match = my_turn_match("6H 7H KS", line_tokens="QC 8H", phase=DRAW)
    table = open_table(app, match)
    geo = table.geo()
    index = len(match.state.line) - 1
    app.step(ev_click(geo.line.rects[index].center))
    assert table.wipe is not None and table.wipe.check()[0]
    assert KIND_OF[table.wipe.deepest] == KIND_OF[match.state.line[index]]
    app.step(ev_click(table.buttons["wipe_ok"].rect.center))
    s = match.state
    assert s.phase == PLAY
    assert s.history[-1]["type"] == "take_line" and s.history[-1]["index"] == index
    assert sorted(s.history[-1]["meld"]) == sorted(["6H", "7H", "8H"])


def test_hover_highlights_the_card_and_every_newer_card(app):
    match = my_turn_match("6H 7H KS", line_tokens="QC 8H", phase=DRAW)
    table = open_table(app, match)
    rect = table.geo().line.rects[0]
    app.step(ev_click((rect.x + 4, rect.y + 10))[:1])
    assert table.hover_line == 0


def test_an_illegal_wipe_says_why_with_the_rule(app):
    # no melds yet, no hearts near the 5H and no pure sequence in hand: no take is legal (V6.4)
    match = my_turn_match("2S 9D KS 4C 6C JD QH 3S 5D 10C 8S AH 7D", line_tokens="QC 5H", phase=DRAW)
    table = open_table(app, match)
    before = match.state
    index = len(match.state.line) - 1
    app.step(ev_click(table.geo().line.rects[index].center))
    assert match.state is before and table.wipe is None
    text, kind = table.message
    assert kind == "bad" and table.message_rule.startswith("V6") and not text.startswith("V")


def test_editing_the_wipe_meld_is_checked_live(app):
    match = my_turn_match("6H 7H 9H KS", line_tokens="QC 8H", phase=DRAW)
    table = open_table(app, match)
    index = len(match.state.line) - 1
    app.step(ev_click(table.geo().line.rects[index].center))
    wipe = table.wipe
    nine = next(c for c in wipe.hand if KIND_OF[c] == KIND_OF[next(x for x in match.state.hands[0]
                                                                    if x in wipe.hand and KIND_OF[x] % 13 == 8
                                                                    and KIND_OF[x] // 13 == 1)])
    wipe.toggle(nine)  # 6-7-8-9 of hearts: still legal
    assert wipe.check()[0]
    six = next(c for c in wipe.meld if c != wipe.deepest and KIND_OF[c] % 13 == 5)
    seven = next(c for c in wipe.meld if c != wipe.deepest and KIND_OF[c] % 13 == 6)
    wipe.toggle(six)
    wipe.toggle(seven)  # 8-9: too short
    ok, why = wipe.check()
    assert not ok and why.startswith("V")
