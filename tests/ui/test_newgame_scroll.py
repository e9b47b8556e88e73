"""Issue 31: every house rule of every game is offered on the new-game screen, at every window size:
the rules column scrolls (keyboard focus brings a row into view, the mouse wheel moves it), and a row
out of view is neither drawn over the buttons nor clickable."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

SHOTS = Path(os.environ["SHOTS"]) if os.environ.get("SHOTS") else None  # where to save a screenshot to look at


def open_advanced(app, size, game):
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    app.reset_to(app.make("newgame"))
    scene = app.top
    scene.set_game(list(app.games).index(game))
    scene.toggle_advanced()
    app.dirty = True
    app.draw()
    return scene


def sizes():
    from game.ui.app import MIN_SIZE

    return [(1280, 720), MIN_SIZE]


@pytest.mark.parametrize("size_index", [0, 1])
def test_every_house_rule_can_be_reached_and_set_at_every_size(app, size_index) -> None:
    for game, front in app.games.items():
        scene = open_advanced(app, sizes()[size_index], game)
        column_top = scene.rule_widgets[0].rect.top
        rules = [w for w in scene.rule_widgets if getattr(w, "rule", None) is not None]
        assert {w.rule.option for w in rules} == {r.option for r in front.setup.rules}, game
        for option in [w.rule.option for w in rules]:  # focus each row by keys, as a keyboard player would

            def row(scene=scene, option=option):
                return next(w for w in scene.rule_widgets if getattr(w, "rule", None) and w.rule.option == option)

            for _ in range(200):
                if scene.form.focused is row():
                    break
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")])
            assert scene.form.focused is row(), (game, option)
            app.draw()
            r = row().rect
            assert r.top >= column_top and r.bottom <= scene.start.rect.top, (game, option, r)
            before = row().index
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
            app.draw()
            assert row().index != before or len(row().options) == 1, (game, option)
        for widget in scene.rule_widgets:  # nothing drawn over Start and Back
            assert not widget.rect.colliderect(scene.start.rect) and not widget.rect.colliderect(scene.back_button.rect)


def test_the_mouse_wheel_scrolls_a_long_rules_column(app, monkeypatch) -> None:
    """A game with four times the house rules of the first (more than the smallest window holds)."""
    import dataclasses

    from game.ui.app import MIN_SIZE

    game = next(iter(app.games))
    front = app.games[game]
    long = dataclasses.replace(front, setup=dataclasses.replace(front.setup, rules=front.setup.rules * 4))
    monkeypatch.setitem(app.games, game, long)
    scene = open_advanced(app, MIN_SIZE, game)
    assert scene.more_rules[1] > 0 and scene.more_rules[0] == 0
    hidden = [w for w in scene.rule_widgets if id(w) in scene.hidden_rules]
    assert hidden and all(not w.rect.colliderect(app.screen.get_rect()) for w in hidden)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    app.draw()
    assert scene.rules_first > 0 and scene.more_rules[0] > 0
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-300, flipped=False)])
    app.draw()
    assert scene.more_rules[1] == 0  # the end of the column, not beyond it
    assert scene.rule_widgets[-1].rect.bottom <= scene.start.rect.top
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=300, flipped=False)])
    app.draw()
    assert scene.rules_first == 0 and scene.more_rules[0] == 0
    pygame.image.save(app.screen, str(SHOTS / "newgame_scroll.png")) if SHOTS else None
