"""Long random play, as every game's ``python -m game.<name>.simulate`` runs it: deal after deal of
random legal actions over a list of configurations, the game's invariants checked after every
action, the counts printed.  A game gives its own pieces (:class:`Soak`): how it deals, applies,
writes and picks a random action, what it checks, and what it counts beyond the common counts.

Every deal checks that ``apply`` leaves its input alone (every 8th action) and the JSON round trip
(every 10th action and at the end, through the game's ``check``); a deal that breaks an invariant
or crashes is a *break*, logged with the seed that replays it, and the run goes on.

>>> from collections import Counter
>>> counts = Counter({"hands": 4, "actions": 10, "breaks": 0, "seconds": 2.0, "declared": 3})
>>> summary(counts, "hands", ("declared", "void"), ())["hands_per_second"]
2.0
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import kind_pretty, parse_kind

Config = tuple[int, dict]  # (players, options)


@dataclass(frozen=True)
class Soak:
    """One game's random play.  ``count(before, action, after, stats)`` adds the game's own counts
    (the action's type and a reshuffle are counted here); ``reshuffle_growth`` is how many cards
    more than the one drawn an empty stock's reshuffle adds at least (1 when the phase after it is
    a draw)."""

    new_deal: Callable[[Any, random.Random], Any]  # (rules, rng) -> a state
    apply: Callable[[Any, Any], Any]
    to_json: Callable[[Any], dict]
    random_action: Callable[[Any, random.Random], Any]
    rules: Callable[..., Any]  # (players=..., **options) -> a rule set
    check: Callable[..., None]  # (state, *, round_trip) -> None, raises AssertionError
    max_actions: int = 5000
    count: Callable[[Any, Any, Any, Counter], None] | None = None
    reshuffle_growth: int = 0

    def play_deal(self, rules: Any, rng: random.Random, stats: Counter,
                  check: Callable[..., None] | None = None) -> Any:
        """Play one random deal, calling ``check`` after every action and counting what happened."""
        check = check or self.check
        state = self.new_deal(rules, rng)
        check(state)
        steps = 0
        while state.phase != "over":
            action = self.random_action(state, rng)
            before = self.to_json(state) if steps % 8 == 0 else None
            new = self.apply(state, action)
            if before is not None:
                assert self.to_json(state) == before, "apply changed its input state"
            if new.phase == "draw" and len(new.stock) > len(state.stock) + self.reshuffle_growth:
                stats["reshuffle"] += 1
            stats[action.type] += 1
            if self.count is not None:
                self.count(state, action, new, stats)
            state = new
            steps += 1
            check(state, round_trip=steps % 10 == 0 or state.phase == "over")
            if steps > self.max_actions:
                raise AssertionError("a deal that never ends")
        stats[state.result.reason] += 1
        stats["actions"] += steps
        return state

    def commands(self, configs: Sequence[Config], prog: str, doc: str | None, report: Callable[[Counter], dict]
                 ) -> tuple[Callable[..., Any], Callable[..., Counter], Callable[..., int]]:
        """A game's ``simulate`` module's ``play_deal(rules, rng, stats, check=None)`` (one random
        deal), ``run(hands, seed, log=print)`` (deals over ``configs``, a failing one logged with
        the seed that replays it) and ``main(argv)`` (its command line, ``prog``)."""

        def play_deal(rules: Any, rng: random.Random, stats: Counter, check: Callable[..., None] | None = None) -> Any:
            return self.play_deal(rules, rng, stats, check)

        def run(hands: int, seed: int, log: Callable[[str], None] = print) -> Counter:
            return self.run(hands, seed, configs, log)

        def command(argv: list[str] | None = None) -> int:
            return main(argv, prog, doc or "", run, report)

        return play_deal, run, command

    def run(self, hands: int, seed: int, configs: Sequence[Config], log: Callable[[str], None] = print,
            check: Callable[..., None] | None = None, word: str = "hands") -> Counter:
        """Play ``hands`` deals over ``configs`` in turn; a failing deal is logged with the seed
        that replays it."""
        master = random.Random(seed)
        stats: Counter = Counter()
        start = time.perf_counter()
        for i in range(hands):
            players, options = configs[i % len(configs)]
            deal_seed = master.getrandbits(48)
            try:
                self.play_deal(self.rules(players=players, **options), random.Random(deal_seed), stats, check)
            except Exception as exc:  # a break: report it and go on
                stats["breaks"] += 1
                if stats["breaks"] <= 20:
                    log(f"BREAK deal {i} players={players} options={options} seed={deal_seed}: {exc!r}")
            stats["hands"] += 1
            if hands >= 1000 and (i + 1) % (hands // 10) == 0:
                log(f"... {i + 1} {word}, {stats['actions']} actions, {stats['breaks']} breaks, "
                    f"{(i + 1) / (time.perf_counter() - start):.1f} {word}/s")
        stats["seconds"] = round(time.perf_counter() - start, 1)
        return stats


def summary(stats: Counter, word: str, endings: Sequence[str], events: Sequence[str]) -> dict:
    """What a soak run prints: counts, breaks, speed, how the deals ended, what happened in them."""
    seconds = max(stats["seconds"], 1e-9)
    return {word: stats["hands"], "actions": stats["actions"], "breaks": stats["breaks"],
            f"{word}_per_second": round(stats["hands"] / seconds, 1), "seconds": stats["seconds"],
            "endings": {k: stats[k] for k in endings}, "events": {k: stats[k] for k in events}}


def main(argv: list[str] | None, prog: str, doc: str, run: Callable[[int, int], Counter],
         report: Callable[[Counter], dict], hands_help: str = "hands to play") -> int:
    """The command line of a game's soak run: ``--hands N --seed S``; exit 1 on any break."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help=hands_help)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    stats = run(args.hands, args.seed)
    print(json.dumps(report(stats)))
    return 0 if stats["breaks"] == 0 else 1


def demo(title: str, new_deal: Callable[[Any, random.Random], Any], rules: Any, apply: Callable[[Any, Any], Any],
         random_action: Callable[[Any, random.Random], Any], narrate: Callable[[Any, Any], list[str]], seed: int,
         max_actions: int) -> list[str]:
    """A deal of ``rules`` between computer players of the soak runs' random policy, told line by
    line by the game's ``narrate(start, end)``."""
    rng = random.Random(seed)
    start = state = new_deal(rules, rng)
    for _ in range(max_actions):
        if state.phase == "over":
            break
        state = apply(state, random_action(state, rng))
    return [f"{title}: a deal between {rules.players} computer players (seed {seed}).", *narrate(start, state)]


def groups_text(groups: Sequence[Sequence[str]]) -> str:
    """Groups of card tokens as a player reads them: ``7♥-8♥-9♥  K♠-K♦-K♣``."""
    return "  ".join("-".join(kind_pretty(parse_kind(t)) for t in g) for g in groups)


def common_line(who: str, entry: dict) -> str | None:
    """A history entry every in-hand game writes alike, told in words (a draw, a discard, a drop);
    ``None`` for another."""
    kind = entry["type"]
    if kind == "draw_stock":
        return f"{who} draws from the stock."
    if kind == "take_discard":
        return f"{who} takes the top discard."
    if kind == "discard":
        return f"{who} discards {kind_pretty(parse_kind(entry['card']))}."
    if kind == "drop":
        return f"{who} drops."
    return None


def dropping_random_action(state: Any, rng: random.Random, legal_actions: Callable[..., list], action: Any,
                           kind_of: Sequence[int], banned_kind: Callable[[Any], int | None], declare_cuts: int,
                           show_cuts: Sequence[int], *,
                           drop: float, invalid: float, declare: float, search: bool) -> Any:
    """A random legal action of the games where a seat may drop (13- and 21-card Indian Rummy):
    mostly draws and discards, sometimes a drop, a valid declaration when one exists (with
    probability ``declare``), now and then an invalid one (the hand cut ``declare_cuts`` times at
    random), and shows that are either the engine's grouping or a careless one (cut at
    ``show_cuts``)."""
    p = state.turn
    if state.phase == "draw":
        options = legal_actions(state)
        return options[0] if rng.random() < drop else rng.choice(options[1:])
    if state.phase == "discard":
        options = legal_actions(state, declarations=search)
        valid = [a for a in options if a.type == "declare"]
        if valid and rng.random() < declare:
            return rng.choice(valid)
        if rng.random() < invalid:
            hand = [kind_of[c] for c in state.hands[p]]
            rng.shuffle(hand)
            hand.sort(key=lambda k: k == banned_kind(state))  # the taken card may not be the finish
            cuts = sorted(rng.sample(range(2, len(hand) - 1), declare_cuts))
            return action.declare(p, hand[0], [hand[a:b] for a, b in zip([1, *cuts], [*cuts, len(hand)])])
        return rng.choice([a for a in options if a.type == "discard"])
    options = legal_actions(state)
    if rng.random() < 0.5:
        return options[0]
    hand = [kind_of[c] for c in state.hands[p]]
    rng.shuffle(hand)
    return action.show(p, [hand[a:b] for a, b in zip([0, *show_cuts], [*show_cuts, len(hand)])])


def dropping_report(stats: Counter) -> dict:
    """:func:`summary` of a soak run of the games where a seat may drop."""
    return summary(stats, "hands", ("declared", "all_dropped", "invalid_declaration", "void"),
                   ("drop", "draw_stock", "take_discard", "discard", "declare", "show", "reshuffle"))


def check_dropping_state(state: Any, deck: Sequence[int], hand_size: int, write: Callable[[Any], dict],
                         read: Callable[[object], Any], observe: Callable[[Any, int], Any], rule: str, *,
                         round_trip: bool = True) -> None:
    """The invariants every reachable state of the games where a seat may drop keeps (raises
    :class:`AssertionError`): every card of ``deck`` once, ``hand_size`` cards a hand (one more for
    the seat about to discard and an invalid declarer), a result exactly when the deal is over,
    never a turn on an empty stock (``rule``), the seat to move in play, the JSON round trip, and
    a dropped hand never seen by anyone."""
    assert sorted(state.all_cards()) == list(deck), "a card was lost or duplicated"
    for s in range(state.players):
        grows = state.out[s] == "invalid_declaration" or (state.phase == "discard" and s == state.turn
                                                          and state.out[s] is None)
        assert len(state.hands[s]) == hand_size + grows, f"seat {s} holds {len(state.hands[s])} cards"
    assert (state.result is None) == (state.phase != "over")
    if state.phase == "draw":
        assert state.stock, f"a turn never starts with an empty stock ({rule})"
    if state.phase == "over":
        r = state.result
        assert r.gain == (sum(r.points) if r.winner is not None else 0)
    else:
        assert state.out[state.turn] is None, "the seat to move is in play"
    if round_trip:
        doc = write(state)
        assert write(read(json.loads(json.dumps(doc)))) == doc, "JSON round trip"
    for seat in range(state.players):
        obs = observe(state, seat)
        assert obs.hand == tuple(state.hands[seat])
        for s, shown in enumerate(obs.revealed_hands):
            if state.out[s] in ("first_drop", "middle_drop"):
                assert shown is None, "a dropped hand is never seen"


def dropping_lines(end: Any, names: Sequence[str], declare: str, show: str) -> list[str]:
    """Every public action of a deal of the games where a seat may drop, told in words (a valid
    or invalid declaration as ``declare``, a loser's show as ``show``)."""
    lines = []
    for entry in end.history:
        who, kind = names[entry["player"]], entry["type"]
        said = common_line(who, entry)
        if said is not None:
            lines.append(said)
        elif kind in ("declare", "show"):
            lines.append(f"{who} {declare if kind == 'declare' else show}: {groups_text(entry['groups'])}")
    return lines


def seat_numbers(names: Sequence[str], numbers: Sequence[int], signed: bool = False) -> str:
    """``Ravi 12, Meena 0``: a number a seat."""
    return ", ".join(f"{name} {v:+d}" if signed else f"{name} {v}" for name, v in zip(names, numbers))
