"""Personalities (issue 50): three styles of play a player can tell apart by watching, each at any
strength (:mod:`ai.strength`: ``"Strength -10 cautious"``).

A style is a bias laid over the bot of a strength: heuristic options of its game (``STYLES`` in
``ai/<game>/levels.py``), so the heuristic, the Expert's search (its candidates and its own
play-outs) and the options a deviation draws from all lean the same way.

* **cautious**: drops a weak hand early (13- and 21-card) and is careful what it feeds the next
  seat; like every bot it declares as soon as it can.  Vazhushal and Marriage have no drop: there
  it lays its melds down as soon as it holds them (Vazhushal: fewer cards are caught in its hand
  when another goes out), or throws the safe card, one the next seat threw or let lie (Marriage:
  the next seat takes from it less often).
* **greedy**: plays its hands out (it never drops) and holds for the big show, waiting for the
  stock rather than taking a middling discard (13-card, 21-card, Marriage): its high cards
  (13-card), its value cards (21-card), the bigger marriage (Marriage: maal weighed more, hardly a
  take but to finish), its wild cards and melds (Vazhushal: fewer wipes of the line).
* **pile-reader**: reads the discard pile and takes from it often: a take about as good as a stock
  card is taken.

:func:`figures` reads a style's figures off finished hands: its drop rate, its takes from the pile
a turn, its turns to declare (in the hands it won) and the points it is left with when it loses
(cards left in Vazhushal, where a hand that goes out is not counted in points); and what a careful
discarder changes: its discards the next seat took, a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import N_, _

from .front import BotFront
from .strength import game_strength

DISCARD = "discard"  # the history's entry type of a discard, in every game of the family

# The styles, stored English (a setting's name: "Strength -10 cautious"), translated where shown.
STYLES = (
    # Translators: a computer player's style: it drops weak hands early and declares as soon as it can.
    N_("cautious"),
    # Translators: a computer player's style: it holds out for a big show or a bigger marriage.
    N_("greedy"),
    # Translators: a computer player's style: it reads the discard pile and often takes from it.
    N_("pile-reader"),
)
STYLE_LINES = {
    "cautious": N_("Cautious: drops weak hands early and is careful what it throws you."),
    "greedy": N_("Greedy: plays every hand out and holds for the big show."),
    "pile-reader": N_("Pile-reader: watches the discard pile and often takes from it."),
}


# the lines of a game whose styles play otherwise (no drop: Vazhushal, Marriage; ai/<game>/levels.py STYLE_LINES)
NO_DROP_LINES = {
    "cautious": N_("Cautious: lays its melds down early and is careful what it throws you."),
    "greedy": N_("Greedy: holds its best cards for a bigger finish."),
}


def style_line(front: BotFront, style: str) -> str:
    """A style's one line for a game, English (marked for the catalogue): the game's own
    (``GameStrength.style_lines``) or the shared one."""
    return game_strength(front).style_lines.get(style) or STYLE_LINES[style]


def style_words(style: str) -> str:
    """A style's name as a player reads it, in the language in force."""
    return _(style)


def styles_of(front: BotFront) -> list[str]:
    """The styles a game's bots can play (each game's ``STYLES``), in :data:`STYLES` order."""
    own = game_strength(front).styles
    return [s for s in STYLES if s in own]


@dataclass(frozen=True)
class Figures:
    """A seat's style figures over some hands (see :func:`figures`)."""

    hands: int
    drop_rate: float  # share of the hands it dropped
    takes_per_turn: float  # takes from the discard pile (or the line) a turn
    turns_to_declare: float | None  # mean turns in the hands it won (None: it won none)
    points_when_losing: float | None  # mean points left in the hands it lost (None: it lost none)
    fed_per_turn: float = 0.0  # its discards the next seat took (from the pile, or the line), a turn


def hand_figures(front: BotFront, state: Any, seat: int) -> dict[str, float]:
    """One finished hand's figures for ``seat``: ``dropped`` (0 or 1), ``turns``, ``takes``,
    ``won`` (its share of the win), ``fed`` (its discards the next seat took: a take right after
    its discard) and ``points`` (left with, when it lost)."""
    spec = game_strength(front)
    entries = [e for e in state.history if isinstance(e, dict) and "player" in e]
    mine = [e.get("type") for e in entries if e["player"] == seat]
    fed = sum(1 for before, e in zip(entries, entries[1:])
              if before["player"] == seat and before.get("type") == DISCARD and e["player"] != seat
              and e.get("type") in spec.takes)
    won = 0.0
    outcome = front.outcome(state)
    if seat in outcome.winners:
        won = 1.0 / len(outcome.winners)
    out = {"dropped": float(any(t in spec.drops for t in mine)), "turns": float(sum(t in spec.turns for t in mine)),
           "takes": float(sum(t in spec.takes for t in mine)), "won": won, "fed": float(fed)}
    if won == 0.0 and state.result is not None:
        out["points"] = spec.points(state, seat)
    return out


def figures(hands: Sequence[dict[str, float]]) -> Figures:
    """The style figures of a seat over ``hands`` (each :func:`hand_figures`)."""
    n = len(hands)
    turns = sum(h["turns"] for h in hands)
    wins = [h for h in hands if h["won"] > 0 and not h["dropped"]]
    losses = [h["points"] for h in hands if "points" in h]
    return Figures(
        hands=n,
        drop_rate=sum(h["dropped"] for h in hands) / n if n else 0.0,
        takes_per_turn=sum(h["takes"] for h in hands) / turns if turns else 0.0,
        turns_to_declare=sum(h["turns"] for h in wins) / len(wins) if wins else None,
        points_when_losing=sum(losses) / len(losses) if losses else None,
        fed_per_turn=sum(h.get("fed", 0.0) for h in hands) / turns if turns else 0.0,
    )


__all__ = ["NO_DROP_LINES", "STYLES", "STYLE_LINES", "Figures", "figures", "hand_figures", "style_line", "style_words",
           "styles_of"]
