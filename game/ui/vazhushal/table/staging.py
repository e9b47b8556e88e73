"""What the player is putting together before the engine sees it: the staged arrangement of their
melds, and the meld of a wipe.  Both are checked live by asking the engine (``explain``); the
verdicts are the engine's words, or a message of the catalogue (:mod:`game.i18n`)."""

from __future__ import annotations

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.vazhushal import DRAW, FINAL, PLAY, Action, DrawOption, State, explain, readings
from game.vazhushal.turn import pick

from .describe import reason


def display_order(cards: list[int], wild: tuple[bool, ...]) -> list[int]:
    """A group's cards as the engine would read them (a sequence low to high, each wild in its
    place, V4.6), or by suit and rank when they are not a meld yet."""
    found = readings(cards, wild) if len(cards) >= 3 else []
    if found:
        return list(found[0].cards)
    return sorted(cards, key=lambda c: (KIND_OF[c] // 13, KIND_OF[c] % 13))


class Staging:
    """The seat's melds as they would be after Confirm: groups of physical card ids."""

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        self.base = [list(m.cards) for m in state.melds[seat]]
        self.groups = [g[:] for g in self.base]
        self.table_ids = {c for g in self.base for c in g}

    def reset(self) -> None:
        self.groups = [g[:] for g in self.base]

    @property
    def changed(self) -> bool:
        return self.groups != self.base

    def staged_ids(self) -> set[int]:
        return {c for g in self.groups for c in g}

    def from_hand(self) -> set[int]:
        return self.staged_ids() - self.table_ids

    def _lift(self, ids: list[int]) -> None:
        for g in self.groups:
            g[:] = [c for c in g if c not in ids]

    def _tidy(self) -> None:
        self.groups = [g for g in self.groups if g]

    def new_group(self, ids: list[int]) -> None:
        self._lift(ids)
        self.groups.append(list(ids))
        self._tidy()

    def add_to(self, index: int, ids: list[int]) -> None:
        target = self.groups[index]
        self._lift(ids)
        target.extend(ids)
        self._tidy()

    def to_hand(self, ids: list[int]) -> str | None:
        """Move staged cards back to the hand; a reason when some were already melded (V7.3)."""
        stuck = [c for c in ids if c in self.table_ids]
        if stuck:
            return "V7.3: " + _("cards once melded stay on your table (they may move between your melds)")
        self._lift(ids)
        self._tidy()
        return None

    def action(self, state: State) -> Action:
        if state.phase == DRAW:  # V6.4b: a pure sequence laid down before the draw
            return Action.meld_(self.seat, [tuple(KIND_OF[c] for c in g) for g in self.groups if g not in self.base])
        return Action.arrange(self.seat, [tuple(KIND_OF[c] for c in g) for g in self.groups])

    def check(self, state: State) -> tuple[bool, str]:
        """(legal, words): the engine's verdict on confirming now."""
        if not self.changed:
            return False, ""
        if state.turn != self.seat or state.phase not in (DRAW, PLAY, FINAL):
            return False, _("Wait for your turn to meld")
        err = explain(state, self.action(state))
        if err is None:
            n = len(self.from_hand())
            if not n:
                return True, _("Valid arrangement")
            return True, ngettext("Valid: confirm to meld {n} card", "Valid: confirm to meld {n} cards", n).format(n=n)
        return False, reason(err)


class WipeDraft:
    """Taking the line from ``index``: the new meld that the deepest card must start (V6.3)."""

    def __init__(self, state: State, option: DrawOption) -> None:
        take = option.take
        assert take is not None and take.index is not None
        self.seat = take.player
        self.index = take.index
        self.premeld = option.steps[0] if len(option.steps) > 1 else None
        self.needs_meld = take.meld is not None
        base = state
        if self.premeld is not None:
            from game.vazhushal import apply
            base = apply(state, self.premeld)
        self.base = base
        self.taken = list(state.line[self.index:])
        self.deepest = self.taken[0]
        self.hand = list(base.hands[self.seat])
        self.meld: list[int] = [self.deepest]
        if take.meld is not None:
            kinds = list(take.meld)
            kinds.remove(KIND_OF[self.deepest])
            rest = pick(self.hand + self.taken[1:], kinds) or []
            self.meld += rest

    def premeld_ids(self, state: State) -> list[int]:
        if self.premeld is None:
            return []
        return pick(state.hands[self.seat], [k for m in self.premeld.melds or () for k in m]) or []

    def toggle(self, card: int) -> None:
        if card == self.deepest or not self.needs_meld:
            return
        if card in self.meld:
            self.meld.remove(card)
        elif card in self.hand or card in self.taken:
            self.meld.append(card)

    def action(self) -> Action:
        if not self.needs_meld:
            return Action.take_line(self.seat, self.index, None)
        return Action.take_line(self.seat, self.index, tuple(KIND_OF[c] for c in self.meld))

    def steps(self) -> list[Action]:
        return ([self.premeld] if self.premeld is not None else []) + [self.action()]

    def check(self) -> tuple[bool, str]:
        err = explain(self.base, self.action())
        if err is None:
            return True, _("Valid: confirm to wipe")
        return False, reason(err)
