"""Every point of a match resumes to a screen with a way forward (issue #10, item 4): the game
is closed there (the app shut down, nothing else), started again, and continued."""

from __future__ import annotations

import dataclasses

import pygame

from game.ui import selftest
from game.ui.app import App
from game.ui.match import HUMAN, SeatSetup
from game.ui.scenes.title import TitleScene
from game.ui.selftest import quick_settings, wait_for
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import DRAW, OVER, PLAY, RuleSet
from game.vazhushal.simulate import plain_action

from .helpers import ev_key, human_vs_bot, my_turn_match, open_table


def close_and_continue(app: App, match: VazhushalMatch) -> App:
    """Save ``match`` as the table would, shut the app down, start a new one and press Continue."""
    app.autosave(match)
    app.shutdown()
    again = App(store=type(app.store)(app.store.folder), audio=False)
    quick_settings(again)
    again.push(TitleScene(again))
    again.step([])
    selftest.click_widget(again, selftest.button(again, "Continue"))
    again.step([])
    return again


def play_to_the_end(match: VazhushalMatch) -> None:
    while match.state.phase != OVER:
        match.play(plain_action(match.state))


def test_resume_mid_turn(app):
    match = my_turn_match("5H 6H 7H 9C 9D", phase=PLAY)
    again = close_and_continue(app, match)
    try:
        table = again.top
        assert table.name == "table" and table.my_turn() and table.state.phase == PLAY
        before = len(table.state.history)
        table.selected.clear()
        table.cursor = ("hand", 0)
        again.step([ev_key(pygame.K_d)])  # the way forward: discard
        assert len(table.state.history) == before + 1
    finally:
        again.shutdown()


def test_resume_mid_wipe_dialog(app):
    match = my_turn_match("5H 6H", line_tokens="7H", phase=DRAW)
    table = open_table(app, match)
    table.click_line(len(match.state.line) - 1)
    assert table.wipe is not None  # the dialog is open: nothing of it is in the engine yet
    again = close_and_continue(app, match)
    try:
        table = again.top
        assert table.name == "table" and table.my_turn() and table.state.phase == DRAW and table.wipe is None
        table.click_line(len(table.state.line) - 1)  # the wipe can be made again
        table.confirm_wipe()
        assert table.state.phase == PLAY and table.state.history[-1]["type"] == "take_line"
    finally:
        again.shutdown()


def test_resume_between_hands_shows_the_hand_over_screen(app):
    match = human_vs_bot(seed=6)
    play_to_the_end(match)
    again = close_and_continue(app, match)
    try:
        assert wait_for(again, lambda: selftest.top_name(again) == "handover", 10)
        again.step([ev_key(pygame.K_RETURN)])  # Next hand
        table = again.top
        assert table.name == "table" and table.match.hand_no == 1 and table.state.phase != OVER
    finally:
        again.shutdown()


def test_resume_at_the_end_of_the_match(app):
    setups = [SeatSetup("You", HUMAN), SeatSetup("Bot", "Medium")]
    match = VazhushalMatch.new(setups, dataclasses.replace(RuleSet(players=2), target_wins=1), seed=9)
    while not match.state.match_over:
        play_to_the_end(match)
        if not match.state.match_over:
            match.next_hand()
    again = close_and_continue(app, match)
    try:
        assert wait_for(again, lambda: selftest.top_name(again) == "handover", 10)
        again.step([ev_key(pygame.K_RETURN)])  # See the match result
        assert selftest.top_name(again) == "matchover"
        again.shutdown()  # closed on the match-over screen: it resumes there too
        third = App(store=type(again.store)(again.store.folder), audio=False)
        quick_settings(third)
        third.push(TitleScene(third))
        selftest.click_widget(third, selftest.button(third, "Continue"))
        assert wait_for(third, lambda: selftest.top_name(third) == "handover", 10)
        third.step([ev_key(pygame.K_RETURN)])
        selftest.click_widget(third, selftest.button(third, "Play again"))
        assert selftest.top_name(third) == "table" and third.top.match is not match
        third.shutdown()
    finally:
        again.shutdown()


def test_resume_on_the_hot_seat_pass_screen(app):
    match = human_vs_bot(seed=5, humans=2)
    again = close_and_continue(app, match)
    try:
        assert wait_for(again, lambda: selftest.top_name(again) == "pass", 10)
        table = again.stack[-2]
        assert table.name == "table" and table.hidden  # no hand shown before the seat is taken
        again.step([ev_key(pygame.K_RETURN)])
        assert selftest.top_name(again) == "table" and table.my_turn()
    finally:
        again.shutdown()


def test_continue_flag_opens_the_saved_match(tmp_path, monkeypatch):
    from game.ui import launch
    from game.ui.persist import SAVE_FILE, Store

    folder = tmp_path / "data"
    Store(folder).write(SAVE_FILE, human_vs_bot(seed=3).to_json())
    monkeypatch.setenv("VAZHUSHAL_DATA_DIR", str(folder))
    seen = []
    monkeypatch.setattr(App, "run", lambda self: (seen.append(selftest.top_name(self)), self.shutdown()))
    assert launch.run_game(resume=True) == 0
    assert seen == ["table"]


def test_continue_flag_without_a_save_opens_the_title_with_a_message(tmp_path, monkeypatch):
    from game.ui import launch

    monkeypatch.setenv("VAZHUSHAL_DATA_DIR", str(tmp_path / "empty"))
    seen = []
    monkeypatch.setattr(App, "run", lambda self: (seen.append((selftest.top_name(self), [t for t, _ in self.toasts])),
                                                  self.shutdown()))
    assert launch.run_game(resume=True) == 0
    assert seen[0][0] == "title" and any("no saved match" in t for t in seen[0][1])
