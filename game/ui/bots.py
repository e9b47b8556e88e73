"""The one door from the tables to the bots of ``ai/``, for every game.

    level_names(front) -> ["Easy", "Medium", "Hard", "Expert", "Bot: heuristic", "Bot: random", ...]
    seat_kind(front, level) -> "human" | "bot:<name>"      (the engine's seat kind)
    BotPlayer(front, level, seed).next_action(state) -> action   # slow: call off the UI thread
    BotPlayer(front, level, seed).hint_plan(state) -> [action, ...]

A bot plays behind the one safety net (:class:`ai.safety.SafeBot`): whatever it does (raises,
returns junk or an illegal move, or cannot even be made), the action returned is legal.

Level names (``Medium``, ``Bot: random``) are stored values (settings, saves, statistics): they stay
English and are shown through :func:`level_shown`.
"""

from __future__ import annotations

from typing import Any

from ai import match_me
from ai.front import BotFront
from ai.personality import STYLE_LINES, style_line
from ai.players import BOT_PREFIX, SeatPlayer
from ai.strength import merged_levels, offered, parse, setting_words, split_style, top
from game.i18n import N_, _, ngettext

HUMAN = "Human"
HINT_LEVEL = "Medium"
# The difficulty levels every game has (ai/<game>/levels.py), marked for the catalogue here.
LEVEL_WORDS = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))


MATCH_ME = match_me.LEVEL
# Translators: a seat choice: the computer players' strength follows your results (issue 50, "Match me").
MATCH_ME_WORDS = N_("Match me")
# Translators: a seat's style choice when the computer player has no particular style.
PLAIN = N_("Plain")


def level_shown(level_or_name: str) -> str:
    """A seat choice as a player reads it: ``Human``, ``Medium``, ``Bot: random``, ``Strength -20``,
    ``Match me`` (a style after a comma) in the language in force."""
    if level_or_name == HUMAN:
        return _("Human")
    if level_or_name.startswith(BOT_PREFIX):
        return _("Bot: {name}").format(name=_(level_or_name.removeprefix(BOT_PREFIX)))  # built-in names: ai.players
    setting = parse(level_or_name)
    if setting is not None:
        return setting_words(setting)
    if match_me.is_match_me(level_or_name):
        style = match_me.style_of(level_or_name) or ""
        return _(MATCH_ME_WORDS) + (f", {_(style)}" if style else "")
    base, _sep, style = level_or_name.rpartition(" ")
    if base and style in STYLE_LINES:  # a named level in a style: "Medium cautious"
        return f"{_(base)}, {_(style)}"
    return _(level_or_name) if level_or_name else ""


def match_me_words(me: match_me.MatchMe, front: BotFront) -> str:
    """Where Match me stands in ``front``'s game (the setting its bots play; at the top, the
    Expert), in a player's words (the new-game screen, the Skill page)."""
    setting = match_me.played(me, front)
    if setting.strength >= top(front):
        return ngettext("Match me is at the Expert's strength, after {n} hand.",
                        "Match me is at the Expert's strength, after {n} hands.", me.hands).format(n=me.hands)
    return ngettext("Match me is at {setting}, after {n} hand.", "Match me is at {setting}, after {n} hands.",
                    me.hands).format(setting=level_shown(setting.name), n=me.hands)


def seat_choices(front: BotFront) -> list[str]:
    """What a seat of a new game can be, in the order shown: Human, Match me, the strengths from
    the weakest (the named levels kept and the settings between them, :func:`ai.strength.offered`),
    then every bot registered by name."""
    return [HUMAN, MATCH_ME] + offered(front) + [BOT_PREFIX + name for name in sorted(front.bots.names())]


def choice_shown(front: BotFront, level: str) -> str:
    """A seat choice as the new-game screen shows it: a kept level names the levels merged into it
    (``Medium = Hard``: no measurement told them apart)."""
    merged = [name for name, into in merged_levels(front).items() if into == level and name != level]
    return " = ".join(level_shown(name) for name in [level, *merged])


def split_seat(front: BotFront, level: str) -> tuple[str, str | None]:
    """A seat's stored level as its choice and its style: ``Match me greedy`` -> ``(Match me,
    greedy)``, ``Medium cautious`` -> ``(Medium, cautious)``."""
    if match_me.is_match_me(level):
        return MATCH_ME, match_me.style_of(level)
    return split_style(front, level)


def join_seat(choice: str, style: str | None) -> str:
    """A seat's stored level from its choice and style (:func:`split_seat` backwards)."""
    if choice == MATCH_ME:
        return match_me.level_name(style)
    return f"{choice} {style}" if style else choice


def styled(front: BotFront, choice: str) -> bool:
    """Whether a seat choice can be played in a style (a level, a setting, Match me: not a person
    nor a bot registered by name)."""
    return choice == MATCH_ME or choice in front.levels or parse(choice) is not None


def share_words(share: float, opponent: str, hand_word: str = "hand") -> str:
    """A measured share of two-seat hands won, in a player's words: ``Two players: wins about 1
    hand in 3 against Medium.`` (the nearest simple fraction)."""
    k, n = min(FRACTIONS, key=lambda kn: (abs(kn[0] / kn[1] - share), kn[1]))
    against = _("the random bot") if opponent in ("random", BOT_PREFIX + "random") else level_shown(opponent)
    if (k, n) == (1, 2):
        words = (_("Two players: wins about half its deals against {opponent}.") if hand_word == "deal" else
                 _("Two players: wins about half its hands against {opponent}."))
        return words.format(opponent=against)
    if hand_word == "deal":
        words = ngettext("Two players: wins about {k} deal in {n} against {opponent}.",
                         "Two players: wins about {k} deals in {n} against {opponent}.", k)
    else:
        words = ngettext("Two players: wins about {k} hand in {n} against {opponent}.",
                         "Two players: wins about {k} hands in {n} against {opponent}.", k)
    return words.format(k=k, n=n, opponent=against)


# the fractions a share is said in: "1 hand in 3"
FRACTIONS = ((1, 20), (1, 10), (1, 8), (1, 6), (1, 5), (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4),
             (4, 5), (9, 10), (19, 20))


def level_names(front: BotFront) -> list[str]:
    """The seat choices besides Human: the difficulty levels, then every bot registered by name
    (``Bot: random``), so a newly registered bot can be picked with no UI change."""
    return list(front.levels) + [BOT_PREFIX + name for name in sorted(front.bots.names())]


def level_measured(front: BotFront, level_or_name: str) -> str:
    """What was measured of a seat choice, in a player's words, or '' when nothing was: a level's
    share of two-seat hands won (the ladder, docs/bots.md), a setting's from its number (the
    setting is calibrated so that it plays at that rating: it wins about one half plus its number
    per 100 hands against Medium, docs/skill.md)."""
    choice, _style = split_seat(front, level_or_name)
    found = front.measured.get(choice)
    if found is not None:
        opponent, share, _hands = found
        words = share_words(share, opponent, front.hand_word)
        merged = [name for name, into in merged_levels(front).items() if into == choice and name != choice]
        if merged:  # the choice's label says "Medium = Hard": why
            words += " " + ngettext("{levels} measured no stronger here.", "{levels} measured no stronger here.",
                                    len(merged)).format(levels=_listed([level_shown(name) for name in merged]))
        return words
    setting = parse(choice)
    if setting is not None:
        return share_words(min(0.97, max(0.03, 0.5 + setting.strength / 100)), "Medium", front.hand_word)
    return ""


def level_description(front: BotFront, level_or_name: str) -> str:
    """The one line the new-game screen shows for a seat choice."""
    if level_or_name == HUMAN:
        return _("Human: a person at this screen (several people take turns, passing the device).")
    choice, style = split_seat(front, level_or_name)
    if style is not None:
        return level_description(front, choice) + " " + _(style_line(front, style))
    if choice == MATCH_ME:
        return _("Match me: their strength follows your results, so you win about your share.")
    setting = parse(level_or_name)
    if setting is not None:
        return _("{setting}: on your skill rating's scale, where Medium is 0 (Statistics, Skill).").format(
            setting=setting_words(setting))
    level = front.levels.get(level_or_name)

    if level is not None and level.description:
        return _(level.description)
    if level_or_name.removeprefix(BOT_PREFIX) in front.bots.names():
        return _("{level}: the registered bot of that name, at its default settings.").format(
            level=level_shown(level_or_name))
    return _("{level}: a computer player.").format(level=level_shown(level_or_name))


def _listed(names: list[str]) -> str:
    """Names as a list in words: ``Hard``, ``Hard and Expert``, ``Easy, Hard and Expert``."""
    if len(names) < 2:
        return "".join(names)
    # Translators: the end of a list of difficulty levels ("Hard and Expert", "Easy, Hard and Expert").
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def seat_kind(front: BotFront, level_or_name: str) -> str:
    """The engine's seat kind of a seat choice: ``human``, or ``bot:<registry name>`` (the default
    level's bot for a name that is not registered)."""
    if level_or_name == HUMAN:
        return "human"
    choice, _style = split_seat(front, level_or_name)
    level = front.level_or_bot(choice.removeprefix(BOT_PREFIX)) or front.levels[front.default_level]
    return f"bot:{level.bot}"


class BotPlayer(SeatPlayer):
    """One bot seat (or the hint giver) of any game (:class:`ai.players.SeatPlayer`: the same
    answers again from the same seed).  Keep one per seat for a whole hand: a bot may plan several
    actions of its turn at once.  The UI already calls it from a worker thread of its own, so the
    net does not start another."""

    def hint(self, state: Any) -> Any | None:
        """What this bot would do now for the seat to move (``None`` when the hand is over)."""
        plan = self.hint_plan(state, 1)
        return plan[0] if plan else None

    def hint_plan(self, state: Any, limit: int = 12) -> list[Any]:
        """This bot's whole turn for the seat to move (a hint a player can follow step by step):
        every action until the turn passes.  Empty when the hand is over."""
        if state.result is not None:
            return []
        fresh = BotPlayer(self.front, self.level, self.rng.getrandbits(32))
        plan: list[Any] = []
        s = state
        while len(plan) < limit and s.result is None and s.turn == state.turn:
            action, s = fresh.advance(s)
            plan.append(action)
        fresh.close()
        return plan
