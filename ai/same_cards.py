"""Same cards, another player: a recorded hand played again from its deal with another player in
one seat (``python -m ai.same_cards REPLAY [--seat N] [--level Expert] [--json]``).

The deal, the stock order and the other seats stay as they were: every bot seat is played again by
its recorded level and seed (the replay's ``bots``, :class:`ai.players.SeatPlayer`), so it answers
exactly as it did whenever it sees what it saw, and as that bot would wherever the hand now goes
elsewhere.  What cannot be played again exactly is said, never hidden (:attr:`SameCards.notes`):

* a person in another seat (at this screen or over the network) plays the recorded moves as long
  as the hand goes as it went, and the ``Medium`` bot after the first difference;
* a bot that thinks against a clock (Hard and Expert in Vazhushal and 13-card Indian Rummy) sees as
  many guesses as the machine allows in its time, so it may choose differently another time;
* a replay from before bots were recorded (no ``bots``): every other seat is played like a person's.

:func:`reproduce` plays the chosen seat's own recorded moves instead: for a hand whose other seats
are all bots without a clock, it ends exactly where the recorded hand ended (the test of the
recording).  :func:`play_again` puts a level in the seat and compares the two endings
(:class:`SameCards`): who won, after how many of the seat's turns, its points, and the first move
where the two hands parted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.core.storage import UnreadableDocument, parse_document
from game.i18n import _
from game.replay import MalformedReplay, Recorder, read, replay

from .front import BotFront
from .games import front as bot_front
from .players import BOT_PREFIX, SeatPlayer, level_words, seat_seed
from .rating import default_seat
from .strength import strength_level

STAND_IN = "Medium"  # what plays a person's seat once the hand has gone elsewhere


class SameCardsError(ValueError):
    """A replay that cannot be played again (not a finished replay of a game with bots)."""


class Cancelled(Exception):  # noqa: N818  (the word a caller catches: the playing was cancelled)
    """``cancel()`` answered true: the hand was not played to its end."""


@dataclass(frozen=True)
class Ending:
    """How one playing of the hand ended, for the seat compared."""

    won: float  # 1 won, 0 lost, 1/k a win shared by k seats
    ending: str  # how the hand ended (the bot front's endings: went_out, stock_out, declared...)
    winners: list[int]
    turns: int  # the seat's turns
    actions: int  # every action of the hand
    points: float | None  # the seat's points (the game's score column), None when it has none
    points_word: str  # what the points are ("points", "net", "stock-out")


@dataclass(frozen=True)
class SameCards:
    """One seat of a recorded hand, and the same hand played again by ``level`` in that seat."""

    game: str
    seat: int
    level: str
    yours: Ending
    theirs: Ending
    first_difference: int | None  # the index in ``actions`` of the first move that differs; None: none
    difference_seat: int | None  # whose move it was
    exact: bool  # every other seat was played again exactly as it would have played
    notes: list[str] = field(default_factory=list)  # why not, seat by seat
    again: dict = field(default_factory=dict, repr=False)  # the replay of the hand played again

    @property
    def duplicate(self) -> float:
        """Your result minus the other player's on the same cards: +1 you won where it lost."""
        return self.yours.won - self.theirs.won

    def to_json(self) -> dict:
        doc = asdict(self)
        doc.pop("again")
        doc["duplicate"] = self.duplicate
        return doc


# --- playing a hand again -------------------------------------------------------------------------


def _header(doc: object) -> tuple[Any, BotFront, dict[int, dict]]:
    try:
        header = read(doc)
    except MalformedReplay as exc:
        raise SameCardsError(f"not a replay that can be played again: {exc}") from None
    try:
        front = bot_front(header.game.name)
    except KeyError:
        raise SameCardsError(f"no bots for the game {header.game.name!r}") from None
    return header, front, {b["seat"]: b for b in header.bots}


def _others(front: BotFront, bots: dict[int, dict], seat: int, players: int) -> tuple[dict, list[str], bool]:
    """A player for every other seat (``None``: a person, played from the record), the notes, and
    whether every other seat plays exactly as it would have."""
    others: dict[int, SeatPlayer | None] = {}
    notes: list[str] = []
    stand_in = level_words(STAND_IN)
    if not bots:
        notes.append(_("This hand was recorded before bots' seeds were kept: every other seat plays its recorded "
                       "moves while the hand goes as it went, then as {level}.").format(level=stand_in))
    for s in range(players):
        if s == seat:
            continue
        bot = bots.get(s)
        if bot is None:
            others[s] = None
            if bots:
                notes.append(_("Seat {number} was a person: recorded moves while the hand goes as it went, then "
                               "{level}.").format(number=s + 1, level=stand_in))
            continue
        player = others[s] = SeatPlayer(front, bot["level"], bot["seed"])
        if player.clocked:
            notes.append(_("Seat {number} ({level}) thinks against a clock: after the first difference it plays as "
                           "it would, but may not choose the same twice.").format(number=s + 1,
                                                                                  level=level_words(bot["level"])))
        if player.fallback:
            notes.append(_("Seat {number}'s bot ({level}) is not known here: it played safe moves.").format(
                number=s + 1, level=level_words(bot["level"])))
    exact = all(p is not None and not p.clocked and not p.fallback for p in others.values())
    return others, notes, exact


def _play(doc: dict, seat: int, mine: SeatPlayer | None, level: str, seed: int,
          progress: Callable[[int, int], None] | None = None,
          cancel: Callable[[], bool] | None = None) -> tuple[Any, dict, list[str], bool, bool]:
    """The hand of ``doc`` played from its deal: ``seat`` by ``mine`` (``None``: its recorded moves,
    while the hand goes as it went), every other seat as :func:`_others` says.  Returns the final
    state, the replay of it, the notes, whether the other seats played exactly, and whether
    ``seat`` could play its recorded moves to the end."""
    header, front, bots = _header(doc)
    game = header.game
    players = len(header.initial.seats)
    if type(seat) is not int or not 0 <= seat < players:
        raise SameCardsError(f"seat {seat!r} is not a seat of this hand (1 to {players})")
    others, notes, exact = _others(front, bots, seat, players)
    stand_ins: dict[int, SeatPlayer] = {}
    recorded = [e["action"] for e in header.entries]
    kept_bots = [b for s, b in sorted(bots.items()) if s != seat]
    if mine is not None:
        kept_bots.append({"seat": seat, "level": level, "seed": seed})
    recorder = Recorder()
    recorder.start(header.initial, game.name, match_id=doc["match_id"], hand_no=doc["hand_no"], seed=doc["seed"],
                   bots=sorted(kept_bots, key=lambda b: b["seat"]))
    state, same, whole = header.initial, True, True
    try:
        for i in range(front.max_actions):
            if state.result is not None:
                break
            if cancel is not None and cancel():
                raise Cancelled
            if progress is not None:
                progress(i, len(recorded))
            turn = state.turn
            player = mine if turn == seat else others[turn]
            if player is None and same and i < len(recorded) and recorded[i].get("player") == turn:
                action = game.parse_action(recorded[i], state)
                state = game.apply(state, action)
            else:
                if turn == seat and mine is None:
                    whole = False
                if player is None:
                    player = stand_ins.get(turn) or stand_ins.setdefault(
                        turn, SeatPlayer(front, STAND_IN, seat_seed(doc["seed"], turn)))
                action, state = player.advance(state)
            data = action.to_json()
            same = same and i < len(recorded) and data == recorded[i]
            recorder.add(turn, data)
    finally:
        for p in [mine, *others.values(), *stand_ins.values()]:
            if p is not None:
                p.close()
    if state.result is None:
        raise SameCardsError(f"the hand played again did not end within {front.max_actions} actions")
    return state, recorder.finish(state), notes, exact, whole


def reproduce(doc: dict, seat: int | None = None) -> bool:
    """Whether the hand, played again with ``seat`` (default: the first person's) playing its own
    recorded moves and every other seat by its recorded bot, ends exactly as recorded: the same
    moves and the same final state."""
    seat = default_seat(doc) if seat is None else seat
    again, _notes, _exact, whole = _play(doc, seat, None, "", 0)[1:]
    return whole and again["actions"] == doc["actions"] and again["final_sha256"] == doc["final_sha256"]


def play_again(doc: dict, seat: int | None = None, level: str = "Expert", seed: int | None = None, *,
               progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None) -> SameCards:
    """The hand of ``doc`` played again from its deal with ``level`` in ``seat`` (default: the
    first person's), every other seat as it was; the two endings compared.  ``progress(i, n)`` is
    called before each action (``n``: the recorded hand's length); ``cancel()`` true stops it
    (:class:`Cancelled`)."""
    seat = default_seat(doc) if seat is None else seat
    _header_, front, _bots = _header(doc)
    if front.level_or_bot(level.removeprefix(BOT_PREFIX)) is None and strength_level(front, level) is None:
        raise SameCardsError(f"no level {level!r}; levels: {', '.join(front.levels)}")
    seed = seat_seed(doc["seed"], seat) if seed is None else seed
    mine = SeatPlayer(front, level, seed)
    state, again, notes, exact, _whole = _play(doc, seat, mine, level, seed, progress, cancel)
    if mine.clocked:
        notes.append(_("{level} thinks against a clock: played again, it may choose differently.").format(
            level=level_words(level)))
    first = next((i for i, (a, b) in enumerate(zip(doc["actions"], again["actions"], strict=False))
                  if a != b), None)
    if first is None and len(doc["actions"]) != len(again["actions"]):
        first = min(len(doc["actions"]), len(again["actions"]))
    differ = None
    if first is not None:
        source = doc["actions"] if first < len(doc["actions"]) else again["actions"]
        differ = source[first]["seat"]
    final = _final_state(doc)
    return SameCards(front.name, seat, level, ending(front, final, doc["actions"], seat),
                     ending(front, state, again["actions"], seat), first, differ, exact, notes, again)


def _final_state(doc: dict) -> Any:
    state = None
    for step in replay(doc):
        state = step.state
    return state if state is not None else read(doc).initial


def ending(front: BotFront, state: Any, actions: list[dict], seat: int) -> Ending:
    """How a finished hand ended for ``seat``."""
    out = front.outcome(state)
    won = 1 / len(out.winners) if seat in out.winners else 0.0
    turns = sum(1 for i, e in enumerate(actions) if e["seat"] == seat and (i == 0 or actions[i - 1]["seat"] != seat))
    heading, key = front.score_column
    points = out.stats[seat].get(key) if key else None
    return Ending(won, out.ending, list(out.winners), turns, len(actions),
                  None if points is None else float(points), heading)


# --- the command line -----------------------------------------------------------------------------


def describe(result: SameCards) -> list[str]:
    """The comparison in words, one line each."""
    def line(who: str, e: Ending) -> str:
        what = "won" if e.won == 1 else "shared the win" if e.won else "lost"
        how = e.ending.replace('_', ' ')
        if not e.won and e.winners:  # the hand ended by another seat's move: say whose
            how = f"{' and '.join(f'seat {w + 1}' for w in e.winners)}: {how}"
        points = "" if e.points is None else f", {e.points_word} {e.points:g}"
        return f"{who}: {what} ({how}) after {e.turns} turns{points}"

    lines = [line("You", result.yours), line(result.level, result.theirs)]
    if result.first_difference is None:
        lines.append(f"{result.level} played every move as you did.")
    else:
        lines.append(f"The hands parted at move {result.first_difference + 1} "
                     f"(seat {(result.difference_seat or 0) + 1}).")
    lines += result.notes
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.same_cards", description=__doc__.split("\n\n")[0])
    ap.add_argument("replay", help="a replay file (docs/replays.md)")
    ap.add_argument("--seat", type=int, default=None, help="the seat, from 1 (default: the first person's)")
    ap.add_argument("--level", default="Expert", help="who plays the seat again (default: Expert)")
    ap.add_argument("--check", action="store_true",
                    help="play the seat's own recorded moves instead: does the hand end exactly as recorded?")
    ap.add_argument("--json", action="store_true", help="the comparison as one JSON object")
    args = ap.parse_args(argv)
    try:
        with open(args.replay, "rb") as f:
            doc = parse_document(f.read())
        seat = None if args.seat is None else args.seat - 1
        if args.check:
            ok = reproduce(doc, seat)
            print(json.dumps({"exact": ok}) if args.json else
                  ("exact: the hand ends as recorded" if ok else "not exact: the hand went elsewhere"))
            return 0 if ok else 1
        result = play_again(doc, seat, args.level)
    except (OSError, UnreadableDocument, SameCardsError) as exc:
        print(f"ai.same_cards: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json()) if args.json else "\n".join(describe(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
