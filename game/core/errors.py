"""The typed errors every game's engine raises (CONTRACT.md: one error shape for every game)."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid.  The state it was tried on is unchanged.

    ``code`` is stable and machine-readable, ``rule`` the RULES.md id, ``message`` one sentence a
    player can read, starting with the rule id.  ``params``: the details the message names, as raw
    values (card kinds as ints, groups as lists of kinds, counts, seat indices; ``case`` picks one of
    a code's sentences), for the table to say the refusal in the player's language
    (game/ui/refusals.py); never part of the contract's JSON (:meth:`to_json`).
    """

    def __init__(self, code: str, rule: str, message: str, params: dict | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.code = code
        self.rule = rule
        self.message = f"{rule}: {message}"
        self.params = params

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}


class Verdict(str):
    """A rule's verdict on cards (why groups are no valid declaration or show): the English sentence
    itself, starting with its rule id, that also carries the ``code``, ``rule`` and ``params`` an
    :class:`IllegalAction` carries, for the table to say it in the player's language
    (game/ui/refusals.py).  It is a ``str``: whatever compares, stores or prints it reads the same
    text as ever."""

    code: str
    rule: str
    params: dict

    def __new__(cls, code: str, rule: str, message: str, params: dict | None = None) -> Verdict:
        out = super().__new__(cls, f"{rule}: {message}")
        out.code, out.rule, out.params = code, rule, dict(params or {})
        return out

    @property
    def message(self) -> str:
        return str(self)

    def __reduce__(self) -> tuple:  # copied or pickled whole (a plain str's would lose the details)
        return Verdict, (self.code, self.rule, str(self)[len(self.rule) + 2:], self.params)


class StateError(ValueError):
    """A state or action document that is not well-formed (CONTRACT.md): bad JSON shape, unknown
    or missing key, bad card token, impossible card counts, illegal table melds."""


class RulesError(ValueError):
    """A rule set that cannot be played: an unknown option, or a value outside its list."""
