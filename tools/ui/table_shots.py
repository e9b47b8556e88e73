"""What the screenshot harnesses of the in-hand games (``tools.<game>.shots``) share: a match of
named seats, a table opened on it, the viewer's cards laid in given groups, a deal played to its
end for the replay viewer, and the replay viewer's two scenes (mid-deal, and the end with every
hand shown).  No game is named here: each harness passes its match class, scene and policies."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.core.cards import cards_for_kinds
from game.i18n import _
from game.ui.match import SeatSetup

NAMES = ["You", "Meena", "Ravi", "Kavya", "Arjun", "Lakshmi"]


def new_match(match_class: Any, rules: Any, seed: int, humans: int = 1) -> Any:
    """A match of ``rules`` (its table size) with ``humans`` people first and Medium bots after."""
    players = rules.players
    levels = ["Human"] * humans + ["Medium"] * (players - humans)
    return match_class.new([SeatSetup(n, lv) for n, lv in zip(NAMES[:players], levels)], rules, seed)


def open_table(app: Any, scene: str, match: Any, plain: Callable[[Any], Any] | None = None, turns: int = 0) -> Any:
    """The table scene ``scene`` on ``match``, after ``turns`` actions of the ``plain`` policy (a
    deal under way), opened over the title screen."""
    for _turn in range(turns):
        if match.state.phase == "over":
            break
        match.play(plain(match.state))  # type: ignore[misc]
    app.reset_to(app.make("title"))
    table = app.open(scene, match)
    app.step([])
    return table


def cards_in_groups(hand: Sequence[int], groups: Iterable[Iterable[int]], kind_of: Sequence[int]) -> list[list[int]]:
    """The physical cards of ``hand`` for groups written as kinds, each card used once."""
    return cards_for_kinds(hand, groups, kind_of)[0]


def played_to_the_end(match: Any, choose: Callable[[Any], Any], drop: Callable[[int], Any] | None = None) -> dict:
    """``match`` played to the end of its deal by ``choose(state)`` for every seat (with ``drop``,
    the last seat drops at its first turn); its replay document."""
    last = match.state.players - 1
    while match.state.phase != "over":
        state = match.state
        action = choose(state)
        if drop is not None and state.phase == "draw" and state.turn == last and not state.has_drawn[last]:
            action = drop(last)
        match.play(action)
    return match.take_replay()


Scene = tuple[str, Callable[[Any], None]]


def replay_scenes(document: Callable[..., dict], part: tuple[int, int] = (1, 2)) -> list[Scene]:
    """The replay viewer's two scenes: ``document()`` ``part`` of the way through its actions (a
    fraction: numerator, denominator), and
    ``document(players=3, seed=8)`` at its end with every hand shown, seen from seat 1."""
    from tools.ui.screenshots import replay_at

    def mid_deal(app: Any) -> None:
        doc = document()
        replay_at(app, doc, len(doc["actions"]) * part[0] // part[1])

    def end(app: Any) -> None:
        doc = document(players=3, seed=8)
        viewer = replay_at(app, doc, len(doc["actions"]), show_all=True)
        viewer.seat = 1

    return [("replay_mid_deal", mid_deal), ("replay_end_all_hands", end)]


def pointed_at(table: Any) -> tuple[Any, list[tuple[int, int]]]:
    """The frame benchmark's busiest table and the points a pointer hovers over (every card of the
    hand)."""
    return table, [rect.center for _card, rect in table.layout().cards]


def on_my_turn(app: Any, table: Any, seconds: float, group: Callable[[Any], None] | None = None,
               draw: bool = False, select_last: bool = False) -> Any:
    """``table`` once it is the viewer's turn (waiting up to ``seconds``), then, as asked, a card
    drawn from the stock, the hand laid out by ``group(table)`` and its last card selected."""
    from tools.ui.screenshots import wait_for

    wait_for(app, table.my_turn, seconds)
    if draw:
        table.draw_stock()
    if group is not None:
        group(table)
    if select_last:
        table.selected = {table.layout().cards[-1][0]}
    return table


def played_out(table: Any, plain: Callable[[Any], Any]) -> Any:
    """``table`` after its match's deal is played to the end by the ``plain`` policy."""
    while table.match.state.phase != "over":
        table.match.play(plain(table.match.state))
    table.refresh()
    return table


def common_scenes(open_at: Callable[..., Any], group: Callable[[Any], None]) -> dict[str, Callable[[Any], Any]]:
    """The scenes the 13- and 21-card harnesses both shoot, by scene name, and their frame
    benchmark's ``busiest``: ``open_at(app, players, seed, humans=1, turns=0)`` opens a table of
    the game and ``group(table)`` lays out the viewer's hand as a player would."""

    def table_2p(app: Any) -> None:
        table = on_my_turn(app, open_at(app, 2, 31, turns=10), 20, group, draw=True, select_last=True)
        table.say(_("Select cards first (←/→ and Space), then 1–9 to move them into a group, 0 for a new one."), "info")

    def table_6p(app: Any) -> None:
        on_my_turn(app, open_at(app, 6, 7, turns=14), 30, group)

    def declare(app: Any) -> None:
        on_my_turn(app, open_at(app, 3, 5, turns=6), 20, group, draw=True, select_last=True).ask_declare()

    def hot_seat_pass(app: Any) -> None:
        from tools.ui.screenshots import top_name, wait_for

        open_at(app, 3, 3, humans=2)
        wait_for(app, lambda: top_name(app) == "pass", 20)

    def busiest(app: Any) -> Any:
        """Six players a few turns into a deal, the hand grouped; and the points a pointer hovers
        over (every card of the hand)."""
        table = open_at(app, 6, 7, turns=14)
        group(table)
        return pointed_at(table)

    return {"table_2p": table_2p, "table_6p": table_6p, "declare": declare, "hot_seat_pass": hot_seat_pass,
            "busiest": busiest}
