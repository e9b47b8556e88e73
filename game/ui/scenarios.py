"""Scripted walks for the smoke test and the screenshots: every scene, driven by synthetic mouse
and key events where a player would use them."""

from __future__ import annotations

import pygame

from game.engine import DRAW, FINAL, PLAY, legal_takes

from .modes import click, key, wait_for
from .persist import SAVE_FILE


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
    from .scenes.title import TitleScene

    app.reset_to(TitleScene(app))
    app.step([])
    # title -> how to play (keyboard), pages, back
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert top_name(app) == "howto"
    for _ in range(7):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE)
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
    target = ng.rule_widgets[6]
    while target.value != "1":
        click_widget(app, target)
    click_widget(app, ng.start)
    assert top_name(app) == "table"
    table = app.top
    wait_for(app, lambda: table.my_turn(), 30)
    human_turn(app, table)
    press(app, pygame.K_h)
    wait_for(app, lambda: table.hint_job is None, 20)
    press(app, pygame.K_l)
    press(app, pygame.K_s)
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "menu"
    click_widget(app, button(app, "Resume"))
    play_out_hand(app, table)
    if top_name(app) == "handover":
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


# --- screenshots -----------------------------------------------------------------------------------

def _table(app, match):
    from .scenes.title import TitleScene
    from .table_scene import TableScene

    app.reset_to(TitleScene(app))
    table = TableScene(app, match)
    app.push(table)
    app.step([])
    return table


def shot_title(app):
    from .scenes.title import TitleScene
    app.reset_to(TitleScene(app))


def shot_new_game(app):
    from .scenes.newgame import NewGameScene
    shot_title(app)
    ng = NewGameScene(app, seed=1)
    ng.add_seat()
    ng.add_seat()
    ng.add_seat()
    ng.set_seat(2, level="Hard")
    ng.set_seat(3, level="Bot: random")  # any registered bot can be picked by name
    ng.build()
    app.push(ng)


def shot_table_2p(app):
    from .demo import mid_hand_match
    table = _table(app, mid_hand_match(2, seed=11))
    cards = table.hand_cards()
    table.selected = set(cards[:2])
    table.cursor = ("hand", 3)
    table.say("Select cards, then drag them onto “New meld”", "info")
    table.touch()


def shot_table_6p(app):
    from .demo import long_line_match
    table = _table(app, long_line_match(6, 30))
    geo = table.geo()
    i = geo.line.visible[-6]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=geo.line.rects[i].move(4, 20).topleft, rel=(0, 0),
                                 buttons=(0, 0, 0))])


def shot_wipe(app):
    from .demo import long_line_match
    for seed in range(1, 60):
        match = long_line_match(4, 16, seed)
        if legal_takes(match.state):
            break
    table = _table(app, match)
    take = legal_takes(match.state)[-1]
    table.click_line(take.index)


def shot_staged(app):
    from .demo import mid_hand_match
    table = _table(app, mid_hand_match(3, seed=4))
    cards = table.hand_cards()
    table.staging.new_group(cards[:2])
    table.staging_feedback()
    table.log_open = True
    table.touch()


def shot_pass(app):
    from game.engine import RuleSet

    from .demo import seats
    from .match import Match
    match = Match.new(seats(3, humans=2), RuleSet(players=3), 3)
    _table(app, match)
    wait_for(app, lambda: top_name(app) == "pass", 20)


def shot_menu(app):
    from .demo import mid_hand_match
    table = _table(app, mid_hand_match(2, seed=11))
    table.open_menu()


def shot_hand_over(app):
    from .demo import finished_match
    from .scenes.handover import HandOverScene
    table = _table(app, finished_match(4, seed=5))
    app.push(HandOverScene(app, table))


def shot_match_over(app):
    from .demo import finished_match
    from .scenes.handover import MatchOverScene
    table = _table(app, finished_match(3, seed=5))
    app.push(MatchOverScene(app, table))


def shot_howto(page):
    def setup(app):
        from .scenes.howto import HowToScene
        shot_title(app)
        scene = HowToScene(app)
        scene.page = page
        app.push(scene)
    return setup


def shot_stats(app):
    from .scenes.stats import StatsScene
    shot_title(app)
    app.stats.record(["Medium"], "hands", True)
    app.stats.record(["Medium"], "hands", False)
    app.stats.record(["Hard", "Easy"], "hands", False)
    app.stats.record(["Medium"], "matches", True)
    app.push(StatsScene(app))


def shot_settings(app):
    from .scenes.settings import SettingsScene
    shot_title(app)
    app.push(SettingsScene(app))


def shot_hint(app):
    from .demo import mid_hand_match
    table = _table(app, mid_hand_match(2, seed=11))
    table.ask_hint()
    wait_for(app, lambda: table.hint_job is None, 20)


def shot_bot_thinking(app):
    from game.engine import RuleSet

    from .demo import play_until, seats
    from .match import Match
    match = Match.new(seats(5), RuleSet(players=5), 21)
    play_until(match, 12, seat=2)
    app.settings.bot_speed = "Slow"
    table = _table(app, match)
    table.next_bot_at = float("inf")  # hold the bot at "thinking" for the picture
    app.settings.bot_speed = "Instant"


SCENES = [
    ("01_title", shot_title), ("02_new_game", shot_new_game), ("03_table_2p", shot_table_2p),
    ("04_table_6p_long_line", shot_table_6p), ("05_wipe", shot_wipe), ("06_staged_and_log", shot_staged),
    ("07_hot_seat_pass", shot_pass), ("08_menu", shot_menu), ("09_hand_over", shot_hand_over),
    ("10_match_over", shot_match_over), ("11_how_to_play_melds", shot_howto(0)),
    ("12_how_to_play_wipe", shot_howto(3)), ("13_statistics", shot_stats), ("14_settings", shot_settings),
    ("15_hint", shot_hint), ("16_bot_thinking_5p", shot_bot_thinking),
]
