"""The personalities (issue 50, :mod:`ai.personality`): every game offers the three styles, each
style's bias moves its bot's choice where a player would see it, and the style figures are read
off finished hands as they are defined."""

from __future__ import annotations

import random

import pytest

from ai.games import GAMES
from ai.marriage.view import public_record
from ai.personality import STYLE_LINES, STYLES, figures, hand_figures, style_words, styles_of
from ai.players import SeatPlayer
from ai.safety import SafeBot
from ai.strength import game_strength, strength_level
from game.marriage.deck import KIND


def position(front, seed: int, actions: int):
    """A two-seat hand of the default preset dealt from ``seed``, ``actions`` actions into Medium
    against Medium: the observation of the seat to move."""
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(seed))
    seats = [SafeBot(front.bots.make("heuristic", random.Random(s)), front, budget_s=None) for s in range(2)]
    for _ in range(actions):
        state = seats[state.turn].advance(state)[1]
        assert state.result is None
    return front.observe(state, state.turn)


def kinds(answer) -> list[str]:
    """The action types of an answer (an action, or a plan of actions)."""
    return [a.type for a in (answer if isinstance(answer, list) else [answer])]


def styled(front, style: str | None):
    """The bot of ``Strength +0`` (Medium's point) in ``style``, through the setting's level."""
    name = "Strength +0" + (f" {style}" if style else "")
    level = strength_level(front, name)
    assert level is not None
    return level.make(random.Random(3))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_offers_the_three_styles_and_its_bots_take_them(game):
    front = GAMES[game]
    assert styles_of(front) == list(STYLES) == ["cautious", "greedy", "pile-reader"]
    for style, options in game_strength(front).styles.items():
        assert options, style
        for name in ("heuristic", "search"):  # every bot a strength wraps accepts the style's options
            front.bots.make(name, random.Random(1), **options)
        assert strength_level(front, f"Strength -10 {style}") is not None
    assert strength_level(front, "Strength -10 reckless") is None  # not a style
    assert set(STYLE_LINES) == set(STYLES)
    assert style_words("greedy") == "greedy"


# (game, deal seed, actions into the hand, style, what Medium does there, what the style does):
# positions found by playing Medium against Medium and comparing each style's choice with Medium's.
BIASES = [
    ("indian13", 6, 0, "cautious", ["draw_stock"], ["drop"]),  # a weak hand given up at once
    ("indian13", 1, 0, "greedy", ["drop"], ["take_discard"]),  # ... or played out
    ("indian13", 0, 12, "pile-reader", ["draw_stock"], ["take_discard"]),
    ("indian21", 0, 2, "cautious", ["draw_stock"], ["drop"]),
    ("indian21", 0, 10, "pile-reader", ["draw_stock"], ["take_discard"]),
    ("marriage", 0, 6, "greedy", ["take_discard"], ["draw_stock"]),
    ("marriage", 0, 31, "cautious", ["discard"], ["discard"]),  # another card thrown: a safer one
    ("marriage", 31, 1, "greedy", ["expose"], ["expose"]),  # it exposes its dealt tunnelas otherwise
    ("marriage", 0, 22, "pile-reader", ["draw_stock"], ["take_discard"]),
    ("vazhushal", 4, 22, "pile-reader", ["draw_stock"], ["take_line"]),  # a wipe of the line
    ("vazhushal", 1, 6, "greedy", ["take_line"], ["draw_stock"]),
]


@pytest.mark.parametrize("game, seed, actions, style, plain, biased", BIASES)
def test_a_styles_bias_moves_its_choice(game, seed, actions, style, plain, biased):
    front = GAMES[game]
    obs = position(front, seed, actions)
    medium, other = front.ask(styled(front, None), obs), front.ask(styled(front, style), obs)
    assert kinds(medium) == plain and kinds(other) == biased
    assert medium != other


def test_vazhushals_cautious_discards_otherwise():
    """Vazhushal has no drop: there cautious is the careful discarder."""
    front = GAMES["vazhushal"]
    obs = position(front, 0, 7)
    medium, careful = front.ask(styled(front, None), obs), front.ask(styled(front, "cautious"), obs)
    assert kinds(medium) == kinds(careful) == ["discard"] and medium != careful


def played(front, levels, seed):
    """A two-seat hand dealt from ``seed`` played to its end by bots at ``levels`` (seeded 1, 2)."""
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(seed))
    seats = [SeatPlayer(front, level, i + 1) for i, level in enumerate(levels)]
    while state.result is None:
        state = seats[state.turn].advance(state)[1]
    return state


def test_the_figures_of_a_finished_hand():
    front = GAMES["indian13"]
    state = played(front, ("Strength +0 cautious", "Medium"), 6)
    mine = hand_figures(front, state, 0)
    assert mine["dropped"] == 1.0 and mine["won"] == 0.0  # position 6/0 above: it drops at once
    assert mine["turns"] == 1.0 and mine["takes"] == 0.0
    assert mine["points"] == float(state.result.points[0]) > 0
    theirs = hand_figures(front, state, 1)
    assert theirs["won"] == 1.0 and theirs["dropped"] == 0.0 and "points" not in theirs


def test_figures_sum_up_as_defined():
    hands = [{"dropped": 1.0, "turns": 1.0, "takes": 0.0, "won": 0.0, "points": 20.0},
             {"dropped": 0.0, "turns": 8.0, "takes": 3.0, "won": 1.0},
             {"dropped": 0.0, "turns": 6.0, "takes": 1.0, "won": 0.0, "points": 40.0}]
    f = figures(hands)
    assert f.hands == 3 and f.drop_rate == pytest.approx(1 / 3)
    assert f.takes_per_turn == pytest.approx(4 / 15)
    assert f.turns_to_declare == 8.0 and f.points_when_losing == 30.0
    assert figures([{"dropped": 0.0, "turns": 5.0, "takes": 0.0, "won": 1.0}]).points_when_losing is None


def test_marriages_cautious_throws_the_safe_card():
    """Marriage has no drop: there cautious looks for the safe discard, a kind the next seat threw
    or let lie on the pile (``safe_weight``), where Medium throws another card."""
    front = GAMES["marriage"]
    obs = position(front, 0, 7)
    medium, careful = front.ask(styled(front, None), obs), front.ask(styled(front, "cautious"), obs)
    assert kinds(medium) == kinds(careful) == ["discard"] and medium != careful
    record = public_record(obs)
    nxt = 1 - careful.player
    unwanted = record.shed[nxt] + record.refused[nxt]
    assert unwanted[KIND[careful.card]] and not unwanted[KIND[medium.card]]


def test_the_next_seat_taking_a_discard_counts_as_fed():
    front = GAMES["marriage"]
    state = played(front, ("Medium", "Medium"), 0)
    entries = [e for e in state.history if isinstance(e, dict) and "player" in e]
    taken = sum(1 for a, b in zip(entries, entries[1:])
                if a["player"] == 0 and a["type"] == "discard" and b["type"] == "take_discard")
    assert hand_figures(front, state, 0)["fed"] == float(taken) > 0
    assert figures([{"dropped": 0.0, "turns": 4.0, "takes": 1.0, "won": 1.0, "fed": 2.0}]).fed_per_turn == 0.5
