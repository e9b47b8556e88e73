"""Made-up table positions for screenshots, the frame benchmark and tests (engine states reached
by legal play from a seed, then, for a long line, cards moved from the stock and the bots'
hands onto the line)."""

from __future__ import annotations

import random

from game.ui.match import HUMAN, SeatSetup
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import DRAW, OVER, PLAY, Action, RuleSet
from game.vazhushal.simulate import plain_action

NAMES = ("You", "Meena", "Ravi", "Kavya", "Arjun", "Lakshmi")
LEVELS = ("Easy", "Medium", "Hard", "Expert", "Medium")


def seats(players: int, humans: int = 1) -> list[SeatSetup]:
    """``humans`` people first ("You" when alone, else "Player 1", "Player 2"...), then bots."""
    out = []
    for i in range(players):
        name = (NAMES[0] if humans == 1 else f"Player {i + 1}") if i < humans else NAMES[i]
        out.append(SeatSetup(name, HUMAN if i < humans else LEVELS[(i - humans) % len(LEVELS)]))
    return out


def play_until(match: VazhushalMatch, turns: int, seat: int = 0, phase: str = DRAW,
               limit: int = 2000) -> VazhushalMatch:
    """Play plain moves for every seat until ``seat`` is to move in ``phase`` after ``turns`` turns."""
    done = 0
    for _ in range(limit):
        s = match.state
        if s.phase == OVER:
            break
        if done >= turns and s.turn == seat and s.phase == phase:
            break
        action = plain_action(s)
        match.play(action)
        if action.type in ("discard", "done"):
            done += 1
    return match


def long_line_match(players: int = 6, line: int = 30, seed: int = 7) -> VazhushalMatch:
    """A table of ``players`` with ``line`` cards in the discard line, seat 0 to draw."""
    match = VazhushalMatch.new(seats(players), RuleSet(players=players), seed)
    play_until(match, 2 * players)
    s = match.state.copy()
    rng = random.Random(seed)
    while len(s.line) < line and len(s.stock) > 4:
        s.line.insert(rng.randrange(len(s.line) + 1), s.stock.pop())
    donors = [i for i in range(1, players)]
    while len(s.line) < line:
        i = max(donors, key=lambda j: len(s.hands[j]))
        if len(s.hands[i]) <= 4:
            break
        s.line.insert(rng.randrange(len(s.line) + 1), s.hands[i].pop())
    s.line_first_dealt = False
    match.state = s
    return match


def mid_hand_match(players: int = 2, seed: int = 11, phase: str = PLAY) -> VazhushalMatch:
    match = VazhushalMatch.new(seats(players), RuleSet(players=players), seed)
    play_until(match, 6, 0, DRAW)
    if phase == PLAY and match.state.phase == DRAW and match.state.turn == 0:
        match.play(Action.draw_stock(0))
    return match


def finished_match(players: int = 3, seed: int = 5) -> VazhushalMatch:
    match = VazhushalMatch.new(seats(players, humans=1), RuleSet(players=players, target_wins=1), seed)
    play_until(match, 10_000)
    return match
