"""What the table tests of the draw-discard-declare games (13-card and 21-card Indian Rummy,
Marriage) share: seats and card shorthands, a deal played plainly, the save's round trip and the
deals recorded through it, the points a shown grouping is charged, the person's moves of a whole
deal at the table, and its results saved and continued from the title."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from game.core.cards import kind_pretty, parse_kind
from game.core.hand_state import DRAW, OVER, SHOW
from game.ui.match import SeatSetup
from game.ui.selftest import button, top_name, wait_for


def seats(names: Sequence[str], levels: Sequence[str]) -> list[SeatSetup]:
    return [SeatSetup(n, lv) for n, lv in zip(names, levels)]


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def play_plainly(match: Any, plain_action: Callable[[Any], Any], limit: int = 3000) -> None:
    """Play the match's deal to its end by the game's plain policy."""
    for _ in range(limit):
        if match.state.phase == OVER:
            return
        match.play(plain_action(match.state))
    raise AssertionError("the deal did not end")


def saved(match: Any) -> dict:
    """The match's save, as it comes back from the file."""
    return json.loads(json.dumps(match.to_json()))


def save_round_trip(match_class: Any, rules: Any, plain_action: Callable[[Any], Any], steps: int) -> tuple[Any, Any]:
    """A three-seat match saved after ``steps`` moves (it loads back the same) and after its first
    deal (the loaded match has its totals and score sheet, then deals the next); returns the
    match and the loaded one, on its second deal."""
    m = match_class.new(seats(["A", "B", "C"], ["Human", "Medium", "Easy"]), rules, 4)
    for _ in range(steps):
        m.play(plain_action(m.state))
    doc = saved(m)
    assert match_class.from_json(doc).to_json() == doc
    play_plainly(m, plain_action)
    again = match_class.from_json(saved(m))
    assert again.recorded and again.series.totals == m.series.totals and again.sheet == m.sheet
    again.next_deal()
    assert again.series.deals_played == 1
    return m, again


def replays_through_the_save(match_class: Any, rules: Any, plain_action: Callable[[Any], Any], seed: int,
                             deals: int, steps: int) -> list[dict]:
    """Up to ``deals`` deals of a three-seat match, each saved and loaded after ``steps`` moves:
    every deal's replay is taken once, is the match's, numbered in turn, and validates."""
    from game.replay import validate

    m = match_class.new(seats(["A", "B", "C"], ["Human", "Medium", "Medium"]), rules, seed)
    replays: list[dict] = []
    for hand in range(deals):
        for _ in range(steps):
            m.play(plain_action(m.state))
        m = match_class.from_json(saved(m))  # mid-deal through the save
        play_plainly(m, plain_action)
        doc = m.take_replay()
        assert doc is not None and m.take_replay() is None
        assert doc["match_id"] == m.match_id and doc["hand_no"] == hand and validate(doc)["ok"]
        replays.append(doc)
        if m.series.over:
            break
        m.next_deal()
    return replays


def shown_points_are_charged(rules: Any, deals: int, limit: int, engine: Any, plain_action: Callable[[Any], Any],
                             hand_points: Callable[..., int], grouping: Callable[[list[int], random.Random], list],
                             rng: random.Random) -> None:
    """Over ``deals`` deals of ``engine`` (the game's package) where the losers show their own
    groups (a random ``grouping`` of their cards), each loser of a declared deal is charged exactly
    the ``hand_points`` the table showed for its groups."""
    checked = 0
    for n in range(deals):
        state = engine.new_deal(rules, random.Random(n))
        expected: dict[int, int] = {}
        for _ in range(limit):
            if state.phase == OVER:
                break
            if state.phase == SHOW:
                seat = state.turn
                groups = grouping(state.hands[seat], rng)
                expected[seat] = hand_points(groups, state, seat)
                state = engine.apply(state, engine.Action.show(seat, groups))
            else:
                state = engine.apply(state, plain_action(state))  # declares as soon as its cards allow
        if state.result is not None and state.result.reason == "declared":
            for seat, shown in expected.items():
                assert state.result.points[seat] == shown, (seat, shown, state.result.points)
                checked += 1
    assert checked


def my_moves(app: Any, table: Any, plain_action: Callable[[Any], Any], limit: int) -> Iterator[Any]:
    """The plain policy's move each time it is the person's turn, the bots playing in between,
    until the deal is over."""
    for _ in range(limit):
        if not wait_for(app, lambda: table.my_turn() or table.state.phase == OVER, 30):
            raise AssertionError("the bots stopped")
        if table.state.phase == OVER:
            return
        yield plain_action(table.state)


def saved_at_results(app: Any, results: str, match_class: type) -> None:
    """The finished deal at its results screen: its replay written by the app and validated, the
    match saved as recorded."""
    from game.core.storage import load_json
    from game.replay import validate

    assert wait_for(app, lambda: top_name(app) == results, 10)
    app.draw()
    app.flush_saves()
    replays = sorted((app.store.folder / "replays").glob("*-h000.json"))
    assert len(replays) == 1 and validate(load_json(replays[0]))["ok"]
    again = app.load_match()
    assert isinstance(again, match_class) and again.state.phase == OVER and again.recorded


def continued(app: Any, table: Any, scene: str) -> None:
    """After Next deal: the table's second deal, saved, and continued from the title."""
    assert top_name(app) == scene and table.state.phase == DRAW and table.match.series.deals_played == 1
    app.flush_saves()
    app.reset_to(app.make("title"))
    button(app, "Continue").activate()
    assert top_name(app) == scene and app.top.match.series.deals_played == 1


def pick_two_by_keys(table: Any, kind_of: Sequence[int]) -> set[int]:
    """→ to the first card (its name in the focus words), Space, → and Space: the two cards
    selected."""
    table.key(pygame.K_RIGHT)
    first = table.focused_card()
    assert first is not None and kind_pretty(kind_of[first]) in table.focus_words()
    table.key(pygame.K_SPACE)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_SPACE)
    return set(table.selected)
