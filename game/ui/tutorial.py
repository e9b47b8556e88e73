"""What every game's guided first hand shares (no pygame here): a script of coach marks, each a
:class:`Step` (what to do and why, where on the table, and a hint for a wrong try), and a
:class:`Script` that follows the hand and moves the coach on when a step's check holds.

A game's tutorial (``game.ui.<game>.tutorial``) gives the fixed deal, the steps, their checks
(:meth:`Script.is_done`, from the state and whatever else the table shows, such as the player's
groups) and its patient opponent; its table draws the coach bubble.  A wrong try (a move the
engine refuses, a button for another moment) is explained, never punished: the table says the
engine's refusal and the coach adds the step's hint (:meth:`Script.wrong_try`).  A player who
leaves the script is told so and the hand plays on.

The guided hands at the tables whose melds stay in the hand (13-card and 21-card Indian Rummy,
Marriage) share more: :class:`HandScript` (the grouping steps, the moves expected, the steps they
all have), the steps they word alike (:func:`turn_steps`: a discard, the opponent's throw taken,
its run grouped by keys; their cards are placeholders), the patient opponent
(:func:`patient_move`), the fixed deal's document (:func:`guided_document`; :class:`CutJokerDeal`
for a game with a cut joker) and the practice match (:func:`practice_match`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.cards import KIND_OF, RANKS, SUITS, parse_kind
from game.i18n import N_, _

from .match import HUMAN
from .wording import card_text


@dataclass(frozen=True)
class Step:
    """One coach mark: what to do, where (a place on the table), and when it is done.  The words
    are marked for the catalogue (``N_``) and translated where the coach shows them."""

    key: str
    title: str
    words: str
    target: str  # a place on the game's table ("stock", "discard", "hand", ...)
    hint: str = ""  # what the coach adds after a wrong try at this step
    cards: tuple[tuple[str, str], ...] = ()  # the placeholders of the words and hint, and their cards ("9C 10C")

    def say(self, message: str) -> str:
        """``message`` (the step's words or hint) translated, its placeholders filled with the cards."""
        said = _(message)
        if not self.cards:
            return said
        return said.format(**{name: " ".join(map(card_text, kinds(cards))) for name, cards in self.cards})


@dataclass
class Script:
    """Where the guided hand is: the step shown, the steps done, whether the player left the
    script, the last wrong try.  A game subclasses it with ``STEPS`` and :meth:`is_done`."""

    STEPS: ClassVar[tuple[Step, ...]] = ()

    step: int = 0
    off_script: bool = False
    done: list[str] = field(default_factory=list)
    tried: bool = False  # a wrong try at the step shown: its hint is in the bubble until the step is done

    @property
    def current(self) -> Step | None:
        return self.STEPS[self.step] if self.step < len(self.STEPS) else None

    def advance(self, state: Any, *seen: Any) -> None:
        """Move the coach on after a change, from what the state (and ``seen``: what else the
        table shows) now holds."""
        while self.current is not None and self.is_done(self.current.key, state, *seen):
            self.done.append(self.current.key)
            self.step += 1
            self.tried = False
        if self.finished(state):
            self.step = len(self.STEPS)

    def is_done(self, key: str, state: Any, *seen: Any) -> bool:
        """Whether the step ``key`` is done."""
        raise NotImplementedError

    def finished(self, state: Any) -> bool:
        """The hand is over (every game's last phase is ``over``): no more coach marks."""
        return getattr(state, "phase", None) == "over"

    def wrong_try(self) -> None:
        """The player tried something the step does not ask for: the bubble adds its hint."""
        self.tried = self.current is not None and bool(self.current.hint)

    def hint(self) -> str:
        """The step's hint after a wrong try, translated, or ``""``."""
        step = self.current
        return step.say(step.hint) if self.tried and step is not None and step.hint else ""

    def left_script_words(self) -> str:
        """What the coach says once the player has left the script (the hand plays on)."""
        return _("You left the script: play on, or restart the tutorial from the menu.") if self.off_script else ""


def kinds(cards: str) -> tuple[int, ...]:
    """``"2D 3D"`` as the engine's kinds."""
    return tuple(parse_kind(c) for c in cards.split())


def discard_step(card: str) -> Step:
    """The third step of a guided hand at a table whose melds stay in the hand: the first discard, ``card``."""
    return Step("discard", N_("3. Discard"), N_("Every turn ends with a discard. The {card} is no use to you: "
                "double-click it (or drag it onto the discard pile, or ←→ to it and press D)."), "hand",
                N_("Now throw the {card}: double-click it, or ←→ to it and D."), (("card", card),))


def wait_step(card: str) -> Step:
    """The patient opponent's turn, which throws ``card``: nothing to do but watch."""
    return Step("wait", N_("Your opponent plays"), N_("Watch: your opponent draws and throws the {card}."), "discard",
                cards=(("card", card),))


def take_step(card: str, low: str, high: str) -> Step:
    """The fourth step: ``card``, which the opponent threw, taken from the pile (it fits between
    ``low`` and ``high``)."""
    return Step("take", N_("4. Take from the discard pile"),
                N_("The {card} fits between your {low} and {high}: click the discard pile (or press T) to take it. A "
                   "card you take from the pile stays in your hand this turn."), "discard",
                N_("Take the {card}: click the discard pile, or press T."),
                (("card", card), ("low", low), ("high", high)))


def keys_step(cards: str, taken: str) -> Step:
    """The fifth step: ``cards`` (the taken card's run) grouped by keys; ``taken`` stays this turn."""
    return Step("keys", N_("5. A pure sequence, by keys"), N_("Make {cards} a group: ←→ to each and Space to select "
                "it, then G (or click them, then Group). You cannot throw the {taken} back this turn."), "hand",
                cards=(("cards", cards), ("taken", taken)))


def turn_steps(throw: str, taken: str, low: str, high: str, run: str) -> tuple[Step, ...]:
    """Steps 3 to 5, a turn's round as the 13-card and 21-card guided hands teach it alike: you discard
    ``throw``, the opponent throws ``taken``, you take it (between ``low`` and ``high``) and group its
    ``run`` by keys."""
    return discard_step(throw), wait_step(taken), take_step(taken, low, high), keys_step(run, taken)


def patient_move(state: Any, actions: Any, throw: str) -> Any:
    """The patient opponent's move at a table whose melds stay in the hand (``actions``: the game's
    action type): it draws from the stock, then throws back the card ``throw`` if it holds it, else
    the card it drew; a legal move that never interferes, never a show."""
    seat = state.turn
    if state.phase == "draw":
        return actions.draw_stock(seat)
    held = [KIND_OF[c] for c in state.hands[seat]]
    card = parse_kind(throw)
    return actions.discard(seat, card if card in held else held[-1])


@dataclass
class HandScript(Script):
    """A guided hand at a table whose melds stay in the hand: the steps that group cards
    (``GROUPS``: a step's key, the groups it asks for, as ``"2D 3D 4D"``) are done when the
    player's groups hold them, and share one hint naming the cards; the player's moves in the
    script (``EXPECTED``: each move's type, and its card or ``None`` for any) tell when the player
    left it.  The player is seat 0."""

    GROUPS: ClassVar[dict[str, tuple[str, ...]]] = {}
    EXPECTED: ClassVar[tuple[tuple[str, str | None], ...]] = ()

    @staticmethod
    def moves(state: Any, seat: int = 0) -> list[str]:
        """The types of ``seat``'s moves so far."""
        return [e["type"] for e in state.history if e["player"] == seat]

    def grouped(self, key: str, groups: Any) -> bool:
        """Every group the step ``key`` asks for is one of ``groups`` (the player's, as kinds)."""
        held = [sorted(g) for g in groups]
        return all(sorted(kinds(g)) in held for g in self.GROUPS[key])

    def common_done(self, key: str, state: Any, groups: Any) -> bool:
        """The checks of the steps such guided hands share: ``draw`` (the player's first move),
        ``discard`` (the player's first discard), ``wait`` (the opponent's), ``take`` (the player's
        second draw) and those of ``GROUPS``; ``False`` for any other key."""
        mine = self.moves(state)
        if key == "draw":
            return bool(mine)
        if key in ("discard", "wait"):
            return "discard" in (mine if key == "discard" else self.moves(state, 1))
        if key == "take":
            return mine.count("draw_stock") + mine.count("take_discard") >= 2
        return key in self.GROUPS and self.grouped(key, groups)

    def wrong_try(self) -> None:
        self.tried = self.current is not None

    def hint(self) -> str:
        step = self.current
        if not self.tried or step is None or step.hint or step.key not in self.GROUPS:
            return super().hint()
        cards = ", ".join(" ".join(card_text(k) for k in kinds(g)) for g in self.GROUPS[step.key])
        return _("Select just {cards} (click them, or ←→ and Space), then G.").format(cards=cards)

    def note(self, state: Any) -> str:
        """The hint after a wrong try, or (once the player left the script) that the hand plays on."""
        mine = [e for e in state.history if e["player"] == 0]
        for entry, (kind, card) in zip(mine, self.EXPECTED):
            if entry["type"] != kind or (card is not None and entry.get("card") != card):
                self.off_script = True
        return self.left_script_words() or self.hint()


SEATS = ({"name": "You", "kind": "human"}, {"name": "Coach", "kind": "bot:tutor"})  # a guided hand's two seats
# Translators: the kind of player the tutorial's opponent is, shown under its name (as "Medium" is for a bot).
TUTOR = N_("Tutor")  # stored English (the match's level), translated where it is drawn


def practice_match(match_class: Any, series_class: Any, state: Any) -> Any:
    """A guided hand's match of one deal, its fixed ``state``, you against the patient Coach (the
    game's ``match_class`` over a ``series_class`` started with the deal's seats and dealer): a
    practice game, never saved over your game, never counted in the statistics."""
    series = series_class.start(state.rules, state.seats)
    series.dealer = state.dealer
    if hasattr(series, "seat_map"):  # every seat plays the deal, in its own place
        series.seat_map = list(range(len(state.seats)))
    match = match_class(series, state, [HUMAN, TUTOR], seed=0, deal_start=state)
    match.practice = True
    return match


def guided_document(fmt: str, rules: dict, **fields: Any) -> dict:
    """A guided hand's state document (CONTRACT.md ``fmt``): you (seat 0) against the patient
    Coach (seat 1), who deals so that you play first; ``fields`` are the game's own (cards, phase...)."""
    return {"format": fmt, "version": 1, "rules": rules, "seats": [dict(s) for s in SEATS], "dealer": 1, **fields,
            "turn": 0, "result": None, "history": []}


def deck_less(decks: int, jokers: int, *dealt: str) -> list[str]:
    """The cards of ``decks`` 52-card decks and ``jokers`` printed jokers, in deck order, less those
    of ``dealt`` (each ``"2D 3D"``; every copy named takes one card)."""
    rest = [r + s for _ in range(decks) for s in SUITS for r in RANKS] + ["JK"] * jokers
    for token in dealt:
        for card in token.split():
            rest.remove(card)
    return rest


@dataclass(frozen=True)
class CutJokerDeal:
    """A guided hand's fixed deal in a game with a cut joker (13-card and 21-card Indian Rummy), its
    cards written ``"2D 3D"``: the state format, the pack (``decks`` 52-card decks and ``jokers``
    printed jokers), the cut joker, the two hands, ``stock_top`` over the rest of the pack in deck
    order, the open card, and the card the patient opponent throws back first."""

    fmt: str
    decks: int
    jokers: int
    cut: str
    you: str
    opponent: str
    stock_top: str
    open_card: str
    thrown: str

    def state(self, from_json: Any, rules: Any) -> Any:
        """The deal as the engine reads it (``from_json`` validates it like any saved game), under ``rules``."""
        rest = deck_less(self.decks, self.jokers, self.you, self.opponent, self.stock_top, self.open_card, self.cut)
        return from_json(guided_document(
            self.fmt, rules.to_json(), cut_joker=self.cut, stock=self.stock_top.split() + rest,
            discard=self.open_card.split(), hands=[self.you.split(), self.opponent.split()], finish=None,
            out=[None, None], has_drawn=[False, False], taken_discard=None, phase="draw", totals=[0, 0]))

    def opponent_move(self, state: Any, actions: Any) -> Any:
        """The patient opponent's move (``actions``: the game's action type): see :func:`patient_move`."""
        return patient_move(state, actions, self.thrown)
