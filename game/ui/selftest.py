"""The app's own smoke test (``python -m game --smoke-test``, also in the frozen app): a scripted
walk through every scene, driven by synthetic mouse and key events where a player would use them,
and the helpers for driving the app headless (the tests and ``tools/ui`` use them too)."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pygame

from game.vazhushal import DRAW, FINAL, PLAY

from .app import App
from .persist import SAVE_FILE, Store


def scratch_store() -> Store:
    folder = os.environ.get("VAZHUSHAL_DATA_DIR") or tempfile.mkdtemp(prefix="vazhushal-")
    return Store(Path(folder))


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def quick_settings(app: App) -> None:
    """No animations, bots at once, the first-hand explanations already seen."""
    app.settings.animation = "Off"
    app.settings.bot_speed = "Instant"
    app.settings.wild_intro_seen = True


def wait_for(app: App, predicate, timeout: float = 60.0) -> bool:
    """Step the app until ``predicate()`` holds (bots think in a worker thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        app.step([])
        time.sleep(0.002)
    return predicate()




def top_name(app) -> str:
    return app.top.name if app.top is not None else ""


def press(app, k: int, mod: int = 0) -> None:
    app.step([key(k, mod)])


def click_at(app, pos) -> None:
    app.step(click(pos))


def click_widget(app, widget) -> None:
    app.dirty = True
    app.step([])
    click_at(app, widget.rect.center)


def button(app, caption: str):
    for w in app.top.form.widgets:
        if getattr(w, "caption", None) == caption:
            return w
    raise AssertionError(f"no button {caption!r} on {top_name(app)}")


# --- the table ----------------------------------------------------------------------------------

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


def walk_all(app) -> set[str]:
    app.reset_to(app.make("title"))
    app.step([])
    # title -> how to play (keyboard), pages, back
    target = app.top.form.widgets.index(button(app, "How to play"))
    while app.top.form.focus != target:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert top_name(app) == "howto"
    for _ in range(7):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE)
    # the tutorial: its first coach mark, then skipped
    click_widget(app, button(app, "Tutorial: your first hand"))
    assert top_name(app) == "table" and app.top.tutorial is not None
    click_widget(app, app.top.buttons["skip"])
    assert top_name(app) == "title"
    # statistics and settings (mouse)
    click_widget(app, button(app, "Statistics"))
    assert top_name(app) == "stats"
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Settings"))
    assert top_name(app) == "settings"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_ESCAPE)
    # a new game: one hand to win, you against a Medium bot
    click_widget(app, button(app, "New game"))
    assert top_name(app) == "newgame"
    ng = app.top
    click_widget(app, ng.add)
    click_widget(app, ng.remove)
    name_field = ng.seat_widgets[0][0]
    click_widget(app, name_field)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)] * 3 +
             [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Me"])
    def match_length():
        return next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Hands to win match")

    for _ in range(10):
        if match_length().value == "1":
            break
        click_widget(app, match_length())
    assert match_length().value == "1"
    click_widget(app, ng.start)
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
    # hot seat: two humans
    click_widget(app, button(app, "New game"))
    ng = app.top
    kind = ng.seat_widgets[1][1]
    while kind.value != "Human":
        click_widget(app, kind)
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
    # Indian Rummy: chosen on the new-game screen, one turn by mouse, saved, continued
    click_widget(app, button(app, "New game"))
    ng = app.top
    game = next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Game")
    while game.value != "Indian Rummy":
        click_widget(app, game)
    click_widget(app, ng.start)
    assert top_name(app) == "table13"
    table = app.top
    wait_for(app, lambda: table.my_turn() or table.state.phase == "over", 30)
    if table.my_turn():  # (a bot may declare before the first turn comes round: then no turn)
        click_at(app, table.layout().stock.center)
        card = table.layout().cards[0][1].center
        click_at(app, card)
        click_at(app, card)  # a double click discards
        assert len(table.obs.hand) == 13, "the Indian Rummy turn did not end with a discard"
    if top_name(app) == "results13":
        app.pop()
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in ("table13", "results13")
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    # a corrupt save: found at the title screen, a message, the file kept aside (the previous
    # copy, if readable, is offered instead), no crash
    app.flush_saves()
    app.store.path(SAVE_FILE).write_text("{not json", encoding="utf-8")
    app.top.build()
    app.step([])
    assert top_name(app) == "title" and any("could not be read" in t for t, _ in app.toasts)
    assert any(p.name.startswith("autosave.corrupt-") for p in app.store.folder.iterdir())
    click_widget(app, button(app, "Quit"))
    assert not app.running
    return set(app.visited)


def run_smoke_test() -> int:
    start = time.monotonic()
    app = App(store=scratch_store())
    quick_settings(app)
    visited = walk_all(app)
    app.shutdown()
    print(json.dumps({"ok": True, "scenes": sorted(visited), "seconds": round(time.monotonic() - start, 2)}))
    return 0
