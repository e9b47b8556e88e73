"""The ``heuristic`` bot of the in-hand games (13- and 21-card Indian Rummy, Indian Marriage): it
plays its game's heuristic policy from what its seat sees, with ``blunder`` (the chance of a
random draw or discard, for the Easy level) and any option of the policy's parameters."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .weights import laid_over


class PolicyBot:
    """A game's bot gives ``policy_class`` and ``defaults`` (its ``Policy`` and its default
    parameters, the tuned ones laid over: options are laid over these, :func:`ai.weights.laid_over`),
    ``view`` and ``record`` (observation -> the state as the seat sees it, the public record, as
    class attributes ``staticmethod(...)``), and may :meth:`prepare` the policy before a draw or
    a discard."""

    name = "heuristic"
    policy_class: Callable[..., Any]
    defaults: Any
    view: Callable[[Any], Any]
    record: Callable[[Any], Any]

    def __init__(self, rng: random.Random, blunder: float = 0.0, **options: object) -> None:
        self.rng = rng
        self.policy = self.policy_class(laid_over(self.defaults, options), rng, blunder)

    def prepare(self, state: Any, record: Any) -> None:
        """Called before a draw or a discard is chosen."""

    def choose(self, obs: Any) -> Any:
        state = self.view(obs)
        if obs.phase not in ("draw", "discard"):
            return self.policy.act(state, None)
        record = self.record(obs)
        self.prepare(state, record)
        return self.policy.act(state, record)


def policy_bot(policy_class: Callable[..., Any], defaults: Any, view: Callable[[Any], Any],
               record: Callable[[Any], Any], doc: str,
               prepare: Callable[[Any, Any, Any], None] | None = None) -> type[PolicyBot]:
    """A game's ``HeuristicBot`` class: a :class:`PolicyBot` of these pieces (``prepare(bot, state,
    record)``, if given, is its :meth:`PolicyBot.prepare`), documented by ``doc`` and named as if
    written in the module of ``policy_class``."""
    attrs: dict[str, Any] = {"__doc__": doc, "__module__": policy_class.__module__, "policy_class": policy_class,
                             "defaults": defaults, "view": staticmethod(view), "record": staticmethod(record)}
    if prepare is not None:
        attrs["prepare"] = prepare
    return type("HeuristicBot", (PolicyBot,), attrs)


class RandomBot:
    """The ``random`` bot of an in-hand game: a uniformly random action among the legal ones the
    engine lists for its seat (``legal_moves``: observation -> the seat's legal moves), never one
    of the types in ``never`` (a drop)."""

    name = "random"
    legal_moves: Callable[[Any], Any]
    never: tuple[str, ...] = ()

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Any) -> Any:
        options = [a for a in self.legal_moves(obs).actions() if a.type not in self.never]
        return self.rng.choice(options)
