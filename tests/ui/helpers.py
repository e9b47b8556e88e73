"""Helpers for the UI tests: rigged engine states and synthetic input."""

from __future__ import annotations

import random

import pygame

from game.core.cards import KIND_OF
from game.ui.match import HUMAN, SeatSetup
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import DRAW, PLAY, Action, RuleSet, State, apply, new_hand, parse_kind


def rig(state: State, seat: int, tokens: str, line_tokens: str = "") -> State:
    """A copy of ``state`` where ``seat`` holds the cards named (swapped in from the stock or other
    hands) and the newest cards of the line are ``line_tokens``.  Card counts stay right."""
    s = state.copy()
    keep_stock_bottom = 1 if s.indicator is not None else 0

    def take(kind: int, avoid: set[int]) -> int:
        places = ([s.stock[keep_stock_bottom:]] + [h for i, h in enumerate(s.hands) if i != seat] + [s.line]
                  + [s.hands[seat]])
        for place in places:
            for c in place:
                if KIND_OF[c] == kind and c not in avoid:
                    return c
        raise AssertionError(f"no free card of kind {kind}")

    def remove(c: int) -> list[int]:
        for place in [s.stock] + s.hands + [s.line]:
            if c in place:
                place.remove(c)
                return place
        raise AssertionError("card not found")

    wanted = [take(parse_kind(t), set()) for t in tokens.split()]
    for c in wanted:
        if c in s.hands[seat]:
            continue
        home = remove(c)
        spare = next(x for x in s.hands[seat] if x not in wanted)
        s.hands[seat].remove(spare)
        home.append(spare)
        s.hands[seat].append(c)
    for t in line_tokens.split():
        c = take(parse_kind(t), set(wanted))
        home = remove(c)
        out = s.line.pop(0) if len(s.line) > 1 else s.stock.pop()
        home.append(out)
        s.line.append(c)
    s.line_first_dealt = False
    return s


def human_vs_bot(seed: int = 3, level: str = "Medium", players: int = 2, humans: int = 1) -> VazhushalMatch:
    setups = [SeatSetup("You" if i == 0 else f"P{i + 1}", HUMAN if i < humans else level) for i in range(players)]
    match = VazhushalMatch.new(setups, RuleSet(players=players), seed)
    return match


def my_turn_match(tokens: str, line_tokens: str = "", phase: str = PLAY, seed: int = 3) -> VazhushalMatch:
    """You (seat 0) to move against one Medium bot, holding ``tokens``; after the draw when
    ``phase`` is play."""
    match = human_vs_bot(seed)
    s = match.state
    if s.turn != 0:
        s = new_hand(s.rules, random.Random(seed), s.seats, dealer=1)
    s = rig(s, 0, tokens, line_tokens)
    if phase == PLAY:
        s = apply(s, Action.draw_stock(0))
    match.state = s
    match.undo_stack = [s] if phase == PLAY else []
    assert s.turn == 0 and s.phase == (PLAY if phase == PLAY else DRAW)
    return match


def ev_click(pos, button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def ev_drag(start, end) -> list[pygame.event.Event]:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(5, 5), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]


def ev_key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def open_table(app, match):
    from game.ui.scenes.title import TitleScene
    from game.ui.vazhushal.table import TableScene

    app.reset_to(TitleScene(app))
    table = TableScene(app, match)
    app.push(table)
    app.dirty = True
    app.step([])
    return table


def card_rect(table, card: int):
    for c, r in table.geo().hand:
        if c == card:
            return r
    raise AssertionError("card not in the hand row")


def hand_card(table, token: str) -> int:
    kind = parse_kind(token)
    for c in table.hand_cards():
        if KIND_OF[c] == kind:
            return c
    raise AssertionError(f"{token} not in hand")


def safe_point(rect) -> tuple[int, int]:
    """A point inside the visible (not overlapped) strip of a card."""
    return (rect.x + 8, rect.y + rect.h // 2)
