"""Indian Rummy's screenshots (:mod:`tools.ui.screenshots` shoots them with the shared scenes) and
its busiest table for the frame benchmark (:mod:`tools.ui.bench_frames`)."""

from __future__ import annotations

from tools.ui.table_shots import (
    cards_in_groups,
    common_scenes,
    new_match,
    open_table,
    played_out,
    played_to_the_end,
    replay_scenes,
)


def _i13_table(app, players: int, seed: int, humans: int = 1, rules=None, turns: int = 0):
    from game.indian13 import RuleSet
    from game.indian13.simulate import plain_action as plain13
    from game.ui.indian13.match import Indian13Match

    match = new_match(Indian13Match, rules or RuleSet(players=players), seed, humans)
    return open_table(app, "table13", match, plain13, turns)


def _i13_grouped(table) -> None:
    """The viewer's cards in the groups a player would make (the engine's fewest-points grouping)."""
    from game.indian13.arrange import arrange
    from game.indian13.deck import KIND
    from game.indian13.scoring import meld_rules
    from game.ui.indian13.hand import HandGroups

    hand = list(table.obs.hand)
    best = arrange([KIND[c] for c in hand], meld_rules(table.state), table.state.points)
    table.groups[table.viewer] = HandGroups(cards_in_groups(hand, best.melds + tuple((k,) for k in best.loose), KIND))
    table.refresh()


def shot_i13_results(app):
    from game.indian13 import RuleSet
    from game.indian13.simulate import plain_action as plain13

    table = _i13_table(app, 4, 9, humans=0, rules=RuleSet(players=4, format="pool101"))
    app.open("results13", played_out(table, plain13))


def replay_document(players: int = 4, seed: int = 5) -> dict:
    """An Indian Rummy deal played to its end by the plain bot, which here also takes a discard
    of a rank it holds, and where the last seat drops at once; its replay document."""
    from game.core.cards import rank_of
    from game.indian13 import Action, RuleSet
    from game.indian13.deck import KIND
    from game.indian13.simulate import plain_action as plain13
    from game.ui.indian13.match import Indian13Match

    def choose(s):
        if s.phase == "draw" and s.discard and KIND[s.discard[-1]] != 52:
            top = rank_of(KIND[s.discard[-1]])
            if any(KIND[c] != 52 and rank_of(KIND[c]) == top for c in s.hands[s.turn]):
                return Action.take_discard(s.turn)
        return plain13(s)

    return played_to_the_end(new_match(Indian13Match, RuleSet(players=players), seed, humans=1), choose, Action.drop)


_SHOTS = common_scenes(_i13_table, _i13_grouped)  # table_2p, table_6p, declare, hot_seat_pass
busiest = _SHOTS["busiest"]  # the frame benchmark's table

def _tutorial(app):
    """The guided first hand at its first step (the cut joker, then draw)."""
    from game.ui.indian13.tutorial import Tutorial13, tutorial_match

    app.reset_to(app.make("title"))
    table = app.open("table13", tutorial_match(), tutorial=Tutorial13())
    app.step([])
    return table


def shot_tutorial_start(app):
    _tutorial(app)


def shot_tutorial_wrong_try(app):
    """The guided first hand at its longest bubble: the set step after a wrong try (its hint under
    the words), the engine's refusal above the hand."""
    from game.indian13 import Action
    from game.indian13.deck import KIND
    from game.ui.indian13.tutorial import GROUPS
    from game.ui.inhand.groups import HandGroups
    from game.ui.tutorial import kinds

    table = _tutorial(app)
    for action in (Action.draw_stock(0), Action.discard(0, kinds("KS")[0]), Action.draw_stock(1),
                   Action.discard(1, kinds("9H")[0]), Action.take_discard(0)):
        table.play(action)
    groups = [kinds(GROUPS[k][0]) for k in ("pure", "keys", "joker")] + [kinds("4S 4C 4H 10S")]
    table.groups[0] = HandGroups(cards_in_groups(list(table.obs.hand), groups, KIND))
    table.refresh()
    table.play(Action.discard(0, kinds("9H")[0]))  # refused: the card just taken stays this turn
    assert table.tutorial.current.key == "set" and table.tutorial.tried


SCENES = [
    ("table_2p", _SHOTS["table_2p"]), ("table_6p", _SHOTS["table_6p"]), ("declare", _SHOTS["declare"]),
    ("results_pool", shot_i13_results), ("hot_seat_pass", _SHOTS["hot_seat_pass"]),
    ("tutorial_start", shot_tutorial_start), ("tutorial_wrong_try", shot_tutorial_wrong_try),
]
REPLAY_SCENES = replay_scenes(replay_document)
