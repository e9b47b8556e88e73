"""What the tests of every game of the family share: the referee's command line, a legal game for
the referee's tests, card shorthands, and the two checks of an action (it applies and the state
holds; it is refused with its code and rule and changes nothing)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.core.cards import cards_for_kinds, kind_text, parse_kind
from game.core.errors import IllegalAction

ROOT = Path(__file__).resolve().parent.parent
SNAKE = re.compile(r"^[a-z]+(_[a-z]+)*$")  # a refusal's code


def cli(*args: str, stdin: bytes | str = b"", timeout: float = 120) -> subprocess.CompletedProcess:
    """``python -m game.referee ARGS`` with ``stdin``, from the project's root."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "game.referee", *args], input=data, capture_output=True,
                          cwd=ROOT, timeout=timeout)


def legal_game(start: Any, apply: Callable, random_action: Callable, seed: int, steps: int) -> tuple[Any, list, Any]:
    """``start``, up to ``steps`` legal action objects from it (a random policy seeded by ``seed``;
    fewer when the deal ends), and the state they lead to."""
    return play_legal(start, apply, random_action, random.Random(seed), steps)


def play_legal(start: Any, apply: Callable, random_action: Callable, rng: random.Random,
               steps: int) -> tuple[Any, list, Any]:
    """:func:`legal_game` with the random policy drawing from ``rng`` (the one that dealt
    ``start``, say)."""
    state, actions = start, []
    for _ in range(steps):
        if state.phase == "over":
            break
        action = random_action(state, rng)
        actions.append(action.to_json())
        state = apply(state, action)
    return start, actions, state


class CardPool:
    """The cards of a deck still free while a test builds a state document by hand: ``take`` moves
    card tokens out of it (a ``ValueError`` when no card of a kind is left in ``where``), ``rest``
    is what is left, in kind order."""

    def __init__(self, counts: Mapping[int, int], where: str) -> None:
        self.left = Counter({k: c for k, c in counts.items() if c})
        self.where = where

    def take(self, tokens: Iterable[str]) -> list[str]:
        got = []
        for token in tokens:
            k = parse_kind(token)
            if self.left[k] <= 0:
                raise ValueError(f"make_doc: no {kind_text(k)} left in {self.where}")
            self.left[k] -= 1
            got.append(kind_text(k))
        return got

    def rest(self) -> list[str]:
        return [kind_text(k) for k in sorted(self.left.elements())]


def tokens_of(value: object) -> list[str]:
    """Card tokens written as one string (``"8S 9S"``) or as a list; ``None`` is none."""
    if value is None:
        return []
    return value.split() if isinstance(value, str) else list(value)  # type: ignore[call-overload]


def random_play(new_deal: Callable, rules: Any, seed: int, deals: int, stats: Counter, *, legal_actions: Callable,
                choose: Callable, apply: Callable, write: Callable, check: Callable[[Any, int], None],
                wrong: Callable[[Any, random.Random], list], letter: str, must_refuse: bool = False,
                copy_every: int = 1, longest: int = 3000) -> None:
    """Play ``deals`` deals of ``rules`` (dealt from ``seed``) by ``choose(state, rng)``, checking
    after every action: ``check(state, step)`` (the game's invariants; ``step`` counts the actions
    before this one, 0 for the fresh deal too), every listed action applies,
    ``wrong(state, rng)`` (illegal actions) refused with a rule of this game (``letter``; every one of
    them when ``must_refuse``) and changing nothing, and ``apply`` never changing its input (checked
    every ``copy_every`` steps).  Counts each ending in ``stats`` and the actions under ``"actions"``."""
    rng = random.Random(seed)
    for _ in range(deals):
        state = new_deal(rules, rng)
        check(state, 0)
        steps = 0
        while state.phase != "over":
            options = legal_actions(state)
            assert options, f"seat {state.turn} has no legal action in phase {state.phase}"
            for extra in rng.sample(options, min(2, len(options))):  # every listed action applies
                apply(state, extra)
            for action in wrong(state, rng):
                before = write(state)
                try:
                    apply(state, action)
                except IllegalAction as exc:
                    assert exc.message.startswith(exc.rule + ": ") and exc.rule.startswith(letter), exc.message
                else:
                    assert not must_refuse, f"{action} was accepted"
                assert write(state) == before, "an illegal action changed the state"
            action = choose(state, rng)
            before = write(state) if steps % copy_every == 0 else None
            new = apply(state, action)
            assert before is None or write(state) == before, "apply changed its input state"
            state = new
            check(state, steps)
            steps += 1
            assert steps < longest, "a deal that never ends"
        stats[state.result.reason] += 1
        stats["actions"] += steps


def K(token: str) -> int:
    """Kind of one card token."""
    return parse_kind(token)


def Ks(text: str | Iterable[str]) -> list[int]:
    """Kinds of card tokens: ``Ks("8S 9S 10S")``."""
    tokens = text.split() if isinstance(text, str) else list(text)
    return [parse_kind(t) for t in tokens]


def acting(apply: Callable, check: Callable[[Any], None]) -> Callable[..., Any]:
    """``act(state, *actions)``: apply actions in order (each must be legal), checking the state
    after each with ``check``."""

    def act(state: Any, *actions: Any) -> Any:
        for a in actions:
            state = apply(state, a)
            check(state)
        return state

    return act


def refusing(apply: Callable, to_json: Callable, letter: str) -> Callable[..., IllegalAction]:
    """``expect_illegal(state, action, code, rule=None)``: the action is refused with ``code`` (and
    ``rule``, a rule id of this game: it starts with ``letter``), its message starts with the rule,
    and the state is unchanged."""

    def expect_illegal(state: Any, action: Any, code: str, rule: str | None = None) -> IllegalAction:
        before = to_json(state)
        try:
            apply(state, action)
        except IllegalAction as exc:
            assert to_json(state) == before, "an illegal action changed the state"
            assert exc.code == code, f"expected code {code!r}, got {exc.code!r}: {exc.message}"
            if rule is not None:
                assert exc.rule == rule, f"expected rule {rule!r}, got {exc.rule!r}: {exc.message}"
            assert SNAKE.match(exc.code) and exc.message.startswith(exc.rule + ": "), exc.message
            assert exc.rule.startswith(letter), exc.rule
            return exc
        raise AssertionError(f"{action} was accepted; expected {code}")

    return expect_illegal


def play_checked(new_deal: Callable, observe: Callable, apply: Callable, rules: Any, bots: Any, seed: int,
                 max_actions: int = 400, check: Callable[[Any, Any], None] | None = None) -> Any:
    """Deal ``rules`` with ``seed`` and play up to ``max_actions`` actions, seat ``s`` by
    ``bots[s]`` (asked with its observation), each action applied with the checked engine (an
    illegal one raises); ``check(state, action)`` sees each action before it is applied."""
    state = new_deal(rules, random.Random(seed))
    for _ in range(max_actions):
        if state.result is not None:
            break
        action = bots[state.turn].choose(observe(state, state.turn))
        if check is not None:
            check(state, action)
        state = apply(state, action)
    return state


def place_card(state: Any, pile: list[int], index: int, kind: int, avoid: list[int], kind_of: Any) -> None:
    """Put a physical card of ``kind`` at ``pile[index]``, swapping it with wherever it is (the
    stock, a hand or the discard pile; never a card of ``avoid``, nor one already placed before
    ``index`` in ``pile``)."""
    if kind_of[pile[index]] == kind:
        return
    for other in [state.stock, *state.hands, state.discard]:
        for j, card in enumerate(other):
            if kind_of[card] == kind and card not in avoid and not (other is pile and j < index):
                other[j], pile[index] = pile[index], card
                return
    raise AssertionError(f"no free card of kind {kind}")


def no_wild_while_natural(state: Any, action: Any, banned: int | None, kind_of: Any) -> None:
    """A wild card is thrown only when every other card of the hand is wild or may not be thrown
    (``banned``, the kind just taken from the discard pile): the games of the cut joker (I3, T3)."""
    if action.type != "discard" or not state.wild[action.card]:
        return
    others = [kind_of[c] for c in state.hands[state.turn] if kind_of[c] != action.card]
    assert all(state.wild[k] or k == banned for k in others), f"threw a wild {action.card} holding naturals"


def check_dropping_observation(state: Any, seat: int, observe: Callable[[Any, int], Any],
                               tokens: Callable[[Iterable[int]], list[str]], dropped_rule: str,
                               private_rule: str) -> None:
    """What a seat sees in the games where a seat may drop: its own hand and everything public; no
    other hand before it is shown (``private_rule``), a dropped hand never (``dropped_rule``), the
    finish card only at the show or the end."""
    obs = observe(state, seat)
    doc = obs.to_json()
    assert "hands" not in doc and "stock" not in doc
    assert doc["hand"] == tokens(state.hands[seat])
    assert obs.hand_counts == tuple(len(h) for h in state.hands) and obs.stock_count == len(state.stock)
    shown = {e["player"] for e in state.history if e["type"] in ("declare", "show")}
    for s, revealed in enumerate(obs.revealed_hands):
        if state.out[s] in ("first_drop", "middle_drop"):
            assert revealed is None, f"a dropped hand is never seen ({dropped_rule})"
        elif state.phase != "over" and s not in shown:
            assert revealed is None, f"a hand is private until shown ({private_rule})"
    if state.phase not in ("show", "over"):
        assert obs.finish is None


def random_states(new_deal: Callable, apply: Callable, rules: Any, seed: int, steps: int,
                  choose: Callable[[Any, random.Random], Any]) -> Iterable[Any]:
    """Every state of a deal of ``rules`` dealt from ``seed`` and played by ``choose(state, rng)``
    (the same rng), up to ``steps`` actions or the end of the deal."""
    rng = random.Random(seed)
    state = new_deal(rules, rng)
    for _ in range(steps):
        yield state
        if state.phase == "over":
            return
        state = apply(state, choose(state, rng))


def check_views(states: Iterable[Any], observe: Callable, view_state: Callable, sample_state: Callable,
                public_record: Callable, legal: Callable, deck: Sequence[int], kind_of: Any, rng: random.Random, *,
                every: int = 1, also: Callable[..., None] | None = None) -> None:
    """States rebuilt from an observation, over ``states`` (every ``every``-th; at odd ones seen by
    the seat to move, at even ones by the next): the view state gives the seat to move the same
    ``legal`` moves; the view and a random determinization hold every card of ``deck`` once and look
    to the seat exactly like the real state; a card a seat took and still holds stays in its hand in
    a determinization.  ``also(state, seat, obs, built)`` checks more of a game's own."""
    for i, state in enumerate(states):
        if i % every:
            continue
        seat = state.turn if i % 2 else (state.turn + 1) % state.players
        obs = observe(state, seat)
        view = view_state(obs)
        if seat == state.turn and state.phase != "over":
            assert legal(view) == legal(state)
        record = public_record(obs)
        built = [view, sample_state(obs, rng, record)]
        for rebuilt in built:
            assert sorted(rebuilt.all_cards()) == sorted(deck), "every physical card once"
            assert observe(rebuilt, seat).to_json() == obs.to_json(), "the seat cannot tell them apart"
        if also is not None:
            also(state, seat, obs, built)
        sample = sample_state(obs, rng, record)
        for s, known in enumerate(record.known):
            if s != seat and obs.revealed_hands[s] is None:
                held = Counter(kind_of[c] for c in sample.hands[s])
                assert all(held[k] >= n for k, n in known.items()), "a taken card stays in its hand"


def check_pile_record(states: Iterable[Any], observe: Callable, public_record: Callable, kind_of: Any,
                      unknown: int) -> None:
    """The public record replays the discard pile seen by seat 0: each card it names is the card
    there, at most one (the open card taken) unnamed."""
    for state in states:
        obs = observe(state, 0)
        record = public_record(obs)
        pile = [kind_of[c] for c in obs.discard]
        assert len(record.pile) == len(pile)
        assert all(r == p for r, p in zip(record.pile, pile) if r != unknown)
        assert record.pile.count(unknown) <= 1


def mid_deal(new_deal: Callable, observe: Callable, apply: Callable, rules: Any, bots: Sequence, seed: int,
             actions: int, until: Callable[[Any], bool] | None = None) -> Any:
    """A deal of ``rules`` dealt with ``seed``, ``actions`` actions of ``bots`` in (still going), or
    fewer once ``until(state)`` holds."""
    state = new_deal(rules, random.Random(seed))
    for _ in range(actions):
        if until is not None and until(state):
            break
        state = apply(state, bots[state.turn].choose(observe(state, state.turn)))
        assert state.result is None
    return state


def legal_moves_from_the_observation(state: Any, other: Any, observe: Callable, legal_moves_for: Callable,
                                     legal_actions: Callable) -> None:
    """The seat to move's legal moves, read from its observation alone, are the engine's, in
    ``state`` and in ``other`` (the same deal with what it cannot see dealt otherwise); a seat not
    to move has none."""
    seat = state.turn
    assert other.hands != state.hands or other.stock != state.stock
    assert legal_moves_for(observe(state, seat)) == legal_actions(state)
    assert legal_moves_for(observe(other, seat)) == legal_actions(other)
    assert legal_moves_for(observe(state, (seat + 1) % state.players)) == []


# small budgets so every bot plays fast in tests; the search without a clock is deterministic
QUICK: dict[str, dict] = {"random": {}, "heuristic": {}, "search": {"iterations": 2, "time_s": None, "width": 2,
                                                                     "max_turns": 1}}


def quick_bots(make_bot: Callable[..., Any], **search: object) -> Callable[..., Any]:
    """``quick_bot(name, seed, **options)``: a game's bot (made by its ``make_bot``) on the
    :data:`QUICK` budget (the search's laid over with ``search``), seeded by ``seed``."""
    quick = {**QUICK, "search": {**QUICK["search"], **search}}

    def quick_bot(name: str, seed: int, **options: object) -> Any:
        return make_bot(name, random.Random(seed), **{**quick[name], **options})

    return quick_bot


def rig(state: Any, seat: int, wanted: Sequence[int], kind_of: Any, *, whole: bool = True) -> None:
    """Give ``seat`` exactly the cards of the kinds ``wanted`` (its whole hand; else, unless
    ``whole``, its first cards), in that order, swapped in place from the stock, the other hands
    and the discard pile: every card stays once."""
    hand = state.hands[seat]
    assert len(hand) == len(wanted) or (not whole and len(wanted) <= len(hand)), (len(hand), len(wanted))
    for i, kind in enumerate(wanted):
        place_card(state, hand, i, kind, hand[:i], kind_of)


def cards_in_groups(hand: Sequence[int], groups: Iterable[Iterable[int]], kind_of: Any) -> tuple[list[list[int]],
                                                                                              list[int]]:
    """The physical cards of ``hand`` for groups of kinds, each card used once (every kind found),
    and the cards left."""
    groups = [list(g) for g in groups]
    laid, left = cards_for_kinds(hand, groups, kind_of)
    assert [len(g) for g in laid] == [len(g) for g in groups], "a kind the hand does not hold"
    return laid, left


def cards_of(hand: Sequence[int], kinds: Iterable[int], kind_of: Any) -> list[int]:
    """The physical cards of ``hand`` for ``kinds``, each card used once."""
    return cards_in_groups(hand, [kinds], kind_of)[0][0]


def with_hand(state: Any, seat: int, text: str, top: str | None, kind_of: Any) -> Any:
    """A copy of ``state`` where ``seat`` holds exactly the cards of ``text`` (and the discard
    pile's top card is ``top``), the physical cards swapped in from the stock and other hands."""
    state = state.copy()
    wanted = Ks(text)
    if top is not None:
        place_card(state, state.discard, len(state.discard) - 1, parse_kind(top), [], kind_of)
    hand = state.hands[seat]
    assert len(hand) == len(wanted), (len(hand), len(wanted))
    kept = [state.discard[-1]] if top is not None else []
    for i, kind in enumerate(wanted):
        place_card(state, hand, i, kind, hand[:i] + kept, kind_of)
    return state


class BrokenBot:
    """A bot that answers ``answer`` to everything (raising it when it is an exception): what the
    safety net must replace with a safe move."""

    name = "broken"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def choose(self, obs: Any) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def random_marked_more_often(review: Callable[..., Any], record: Callable[[int, str], dict], iterations: int,
                             hands: int = 3) -> None:
    """A review is honest: over ``hands`` recorded hands each, the moves of seat 0 played by the
    random bot are marked (a mistake or an inaccuracy) more than twice as often as the heuristic's,
    and 5 points more.  ``record(seed, bot)`` records a hand with ``bot`` in seat 0."""

    def marked(bot: str) -> tuple[int, int]:
        bad = total = 0
        for seed in range(hands):
            rated = review(record(100 + seed, bot), 0, iterations=iterations, seed=seed).rated
            total += len(rated)
            bad += sum(d.verdict in ("mistake", "inaccuracy") for d in rated)
        return bad, total

    rb, rt = marked("random")
    hb, ht = marked("heuristic")
    assert rt and ht
    assert rb / rt > 2 * (hb / ht) + 0.05, (rb, rt, hb, ht)


def rates_every_draw_and_discard(review: Callable[..., Any], decisions_of: Callable, doc: dict,
                                 iterations: int) -> None:
    """The review of a game with drops rates every draw and every discard of seat 0 in ``doc``."""
    rated = review(doc, 0, iterations=iterations, seed=5).decisions
    assert [d.step for d in rated] == [step for step, *_ in decisions_of(doc, 0)]
    assert {d.kind for d in rated} == {"draw", "discard"}


def charged_as_settled(charged: Callable, start: Any, end: Any, drop: Any, apply: Callable) -> None:
    """What the review charges a seat (``charged(state, seat)``) is what the deal settled at its
    end (``end``, two seats), and a first drop costs the rules' first drop (``drop``: the mover's)."""
    assert end.result is not None
    for seat in range(2):
        assert charged(end, seat) == end.result.points[seat]
    assert charged(apply(start, drop), start.turn) == start.rules.first_drop


def recorded_deal(front: Any, rules: Any, seed: int, bot: str = "heuristic", seat_bot: str | None = None) -> dict:
    """A deal of ``rules`` (dealt with ``seed``) played by ``front``'s bots behind the safety net
    and recorded as a replay; seat 0 is played by ``seat_bot`` if given, every seat ``s`` seeded
    with ``seed * 10 + s``."""
    from ai.safety import SafeBot
    from game.replay import Recorder

    state = front.deal(rules, random.Random(seed))
    rec = Recorder()
    rec.start(state, front.name, match_id="20260101-000000-000001", hand_no=0, seed=seed)
    bots = {s: SafeBot(front.bots.make(seat_bot if (s == 0 and seat_bot) else bot, random.Random(seed * 10 + s)),
                       front) for s in range(state.players)}
    for _ in range(front.max_actions):
        if state.phase == "over":
            break
        action = bots[state.turn].next_action(state)
        state = front.engine.apply(state, action)
        rec.add(action.player, action)
    return rec.finish(state)
