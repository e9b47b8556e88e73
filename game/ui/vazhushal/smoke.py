"""Vazhushal's part of the app's smoke test (:mod:`game.ui.selftest`): from the title screen, a
hot-seat game saved, continued and left; then a new game of one hand against a Medium bot (asked
first, since it replaces the saved match) played by events (a draw, a meld tried, a hint, the log,
a sort, the menu), the hand-over, the score sheet, the replay, the match over, which leaves no
saved match.  And the helpers that play a human turn of this table."""

from __future__ import annotations

import pygame

from game.vazhushal import DRAW, FINAL, PLAY

from ..drive import button, click_at, click_widget, new_game_of, press, top_name, wait_for

FRONT_TITLE = "Vazhushal"


def human_turn(app, table, meld_try: bool = True) -> None:
    """Play one human turn by events: draw (click the stock), try a drag to the meld zone,
    then discard with the keyboard (D) or finish (D in the final phase)."""
    s = table.state
    if s.phase == DRAW:
        click_at(app, table.geo().layout.stock.center)
        if table.state.phase == DRAW:  # the stock is empty or a pre-meld is pending: take the line
            press(app, pygame.K_n)
    if meld_try and table.my_turn() and table.state.phase == PLAY:
        geo = table.geo()
        if len(geo.hand) >= 2 and geo.new_meld is not None:
            (_, r1), (_, r2) = geo.hand[0], geo.hand[1]
            click_at(app, (r1.x + 5, r1.y + 30))
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r2.x + 5, r2.y + 30), button=1)])
            z = geo.new_meld.center
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(r2.x + 40, r2.y - 20), rel=(1, 1), buttons=(1, 0, 0)),
                      pygame.event.Event(pygame.MOUSEMOTION, pos=z, rel=(1, 1), buttons=(1, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=z, button=1)])
            press(app, pygame.K_r)  # reset the staged (usually invalid) meld
    if table.my_turn() and table.state.phase in (PLAY, FINAL):
        table.selected.clear()
        table.cursor = ("hand", 0)
        press(app, pygame.K_d)


def play_out_hand(app, table, limit: float = 120.0) -> None:
    def finished() -> bool:
        if top_name(app) in ("handover", "matchover"):
            return True
        if top_name(app) == "pass":
            click_at(app, (10, 10))
        if table.my_turn() and table.flyers == []:
            human_turn(app, table, meld_try=False)
        return top_name(app) in ("handover", "matchover")

    assert wait_for(app, finished, limit), "the hand did not finish"


def smoke(app) -> None:
    hot_seat(app)
    one_hand_against_a_bot(app)


def hot_seat(app) -> None:
    """Two people at one screen: the pass screen, a turn, the menu; saved, continued and left."""
    ng = new_game_of(app, FRONT_TITLE)
    kind = ng.seat_widgets[1][1]
    while kind.value != "Human":
        click_widget(app, kind)
        kind = ng.seat_widgets[1][1]
    assert [s.name for s in ng.seats] == ["Player 1", "Player 2"]  # "You" is only ever the one looking
    click_widget(app, ng.start)
    wait_for(app, lambda: top_name(app) == "pass", 10)
    assert top_name(app) == "pass"
    click_at(app, (20, 20))
    table = app.top
    human_turn(app, table, meld_try=False)
    wait_for(app, lambda: top_name(app) == "pass", 10)
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "menu"
    click_widget(app, button(app, "Save and leave to title"))
    # continue the saved game; settings and rules from the menu
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in ("table", "pass")
    if top_name(app) == "pass":
        press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Settings"))
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "How to play"))
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))


def one_hand_against_a_bot(app) -> None:
    """A new game of one hand against a Medium bot (replacing the saved match: asked first), played
    by events to the match over; leaving it there leaves no saved match."""
    ng = new_game_of(app, FRONT_TITLE)
    kind = ng.seat_widgets[1][1]
    for _click in range(len(kind.options)):  # the seat's choice goes round to Medium (shown "Medium = Hard")
        if ng.seats[1].level == "Medium":
            break
        click_widget(app, kind)
        kind = ng.seat_widgets[1][1]
    assert ng.seats[1].level == "Medium", ng.seats[1].level
    click_widget(app, ng.add)
    click_widget(app, ng.remove)
    name_field = ng.seat_widgets[0][0]
    click_widget(app, name_field)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)] * 8 +
             [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Me"])

    def match_length():
        return next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Hands to win match")

    for _ in range(10):
        if match_length().value == "1":
            break
        click_widget(app, match_length())
    assert match_length().value == "1"
    click_widget(app, ng.start)
    assert top_name(app) == "confirm"  # a match can be continued: replace it?
    press(app, pygame.K_RETURN)  # the focus is on "Start new game", the button that says Enter
    assert top_name(app) == "table"
    table = app.top
    wait_for(app, lambda: table.my_turn(), 30)
    human_turn(app, table)
    if top_name(app) == "table":  # the deal is random: a quick hand may already be over
        press(app, pygame.K_h)
        wait_for(app, lambda: table.hint_job is None, 20)
    for key in (pygame.K_l, pygame.K_s):  # the log, a sort (each only while the hand goes on)
        if top_name(app) == "table":
            press(app, key)
    if top_name(app) == "table":
        press(app, pygame.K_ESCAPE)
        assert top_name(app) == "menu"
        click_widget(app, button(app, "Resume"))
    play_out_hand(app, table)
    if top_name(app) == "handover":
        press(app, pygame.K_s)  # the score sheet, and back
        assert top_name(app) == "scoresheet"
        press(app, pygame.K_ESCAPE)
        app.open("replay", table.match.last_replay)  # the hand's replay: a step, the end, back
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_END)
        press(app, pygame.K_ESCAPE)
        assert top_name(app) == "handover"
        press(app, pygame.K_RETURN)
    assert top_name(app) == "matchover", top_name(app)
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "title"
