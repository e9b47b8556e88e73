"""Bots think off the UI thread: the window keeps answering while a bot thinks, and a bot that
never answers is replaced by a plain move."""

from __future__ import annotations

import threading
import time

from game.ui.selftest import wait_for
from game.vazhushal.simulate import plain_action

from .helpers import human_vs_bot, open_table


class SlowBot:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.release = threading.Event()
        self.thread = None

    def next_action(self, state):
        self.thread = threading.current_thread()
        self.release.wait(self.seconds)
        return plain_action(state)

    budget_s = 0.01

    def close(self) -> None:
        self.release.set()


def bot_to_move(app, match, table, slow):
    bot_seat = 1
    table.bots[bot_seat] = slow
    assert wait_for(app, lambda: match.state.turn == bot_seat or table.my_turn(), 20)
    if table.my_turn():
        table.draw_stock()
        table.discard_selected() if table.selected else table.discard(table.hand_cards()[0])
    assert match.state.turn == bot_seat


def test_the_window_answers_while_a_bot_thinks(app):
    match = human_vs_bot(seed=6)
    table = open_table(app, match)
    slow = SlowBot(1.0)
    bot_to_move(app, match, table, slow)
    assert wait_for(app, lambda: slow.thread is not None, 5)
    before = match.state
    worst = 0.0
    start = time.monotonic()
    while match.state is before and time.monotonic() - start < 5:
        t = time.perf_counter()
        app.dirty = True
        app.step([])
        worst = max(worst, time.perf_counter() - t)
        time.sleep(0.005)
    assert match.state is not before  # the bot's move arrived and was played
    assert slow.thread is not threading.main_thread()
    assert worst < 0.25  # no frame waited for the bot


def test_a_bot_that_never_answers_is_replaced(app, monkeypatch):
    match = human_vs_bot(seed=6)
    table = open_table(app, match)
    monkeypatch.setattr(type(table), "STUCK_AFTER_S", 0.3)
    slow = SlowBot(30.0)
    bot_to_move(app, match, table, slow)
    assert wait_for(app, lambda: "took too long" in table.message[0], 5)
    assert slow.thread is not None and slow.thread.is_alive()  # left behind, not waited for
    slow.close()
