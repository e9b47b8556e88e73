"""The arena's front for 13-card Indian Rummy (``python -m ai.arena --game indian13``).

A hand of the arena is one deal of the preset (``Standard points`` by default), played to its end
through the engine by :class:`~ai.indian13.safety.SafeSeat` bots.  The deal is **won by the seat
charged the fewest points** (I12.1: a valid declarer scores 0, so it wins; when every other seat
drops, the one left wins).  Seats tied on the fewest points share the win (each gets ``1/k`` of
it): a loser whose whole hand is melded with life ties the declarer at 0, and a void deal (I11.1)
is shared by every seat.  A deal still going after :data:`~ai.indian13.safety.MAX_ACTIONS`
actions (bots that never declare) is left unfinished and won by nobody.

Per bot the report adds ``mean_points`` (points charged a deal, I8-I10; lower is better),
``mean_net`` (what the deal adds to the seat's total in the game format, I12, via
:func:`game.indian13.deal_scores`) and ``drop_rate`` (the share of its deals it dropped, I9).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields

from game.indian13 import PRESETS, RuleSet, deal_scores, new_deal, preset
from game.indian13.state import FIRST_DROP, MIDDLE_DROP

from .base import make_bot
from .heuristic import DEFAULT_PARAMS
from .levels import LEVELS
from .safety import SafeSeat, play_deal

UNFINISHED = "unfinished"
ENDINGS = ("declared", "all_dropped", "invalid_declaration", "void", UNFINISHED)


@dataclass(slots=True)
class DealRecord:
    """One played deal, in the shape of ``ai.arena.HandRecord`` (the arena reads these fields;
    this package never imports the arena, which finds it by name)."""

    ending: str
    winners: list[int]
    stats: list[dict[str, float]]
    times: list[list[float]]
    faults: list[int]


class Indian13:
    """See the module docstring (the shape is ``ai.arena.GameFront``)."""

    name = "indian13"
    default_preset = "Standard points"
    presets = tuple(PRESETS)
    stat_keys = ("mean_points", "mean_net", "drop_rate")
    score_column = ("points", "mean_points")

    def rules(self, preset_name: str, players: int) -> RuleSet:
        return preset(preset_name, players)

    def check_bot(self, name: str, options: dict) -> None:
        make_bot(name, random.Random(0), **options)

    def play(self, parsed: Sequence[tuple[str, dict]], rules: RuleSet, rng: random.Random,
             seat_spec: Sequence[int]) -> DealRecord:
        state = new_deal(rules, rng)
        seats = []
        for s in range(rules.players):
            name, options = parsed[seat_spec[s]]
            seats.append(SafeSeat(make_bot(name, random.Random(rng.getrandbits(64)), **options)))
        state = play_deal(seats, state)
        result = state.result
        n = rules.players
        stats: list[dict[str, float]] = [{} for _ in range(n)]
        if result is None:
            ending, winners = UNFINISHED, []
        else:
            ending = result.reason
            low = min(result.points)
            winners = [s for s in range(n) if result.points[s] == low]
            net = deal_scores(rules, result)
            for s in range(n):
                stats[s] = {"mean_points": result.points[s], "mean_net": net[s],
                            "drop_rate": float(state.out[s] in (FIRST_DROP, MIDDLE_DROP))}
        return DealRecord(ending, winners, stats, [seat.times for seat in seats], [len(seat.faults) for seat in seats])

    def summary(self, outcome) -> dict:
        endings: Counter = outcome.endings
        return {"game": self.name, "endings": {e: endings[e] for e in ENDINGS}, "drawn": outcome.drawn}

    def headline(self, data: dict) -> str:
        endings = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["endings"].items() if v)
        return (f"indian13: {data['hands']} deals, {data['players']} players, seed {data['seed']}: "
                f"{data['seconds']} s ({data['hands_per_s']} deals/s); {endings}; won by nobody {data['drawn']}")

    def levels(self) -> dict:
        return LEVELS

    def heuristic_defaults(self) -> dict[str, float]:
        flat = {f.name: getattr(DEFAULT_PARAMS, f.name) for f in fields(DEFAULT_PARAMS) if f.name != "weights"}
        flat.update(asdict(DEFAULT_PARAMS.weights))
        return flat


FRONT = Indian13()
