"""Issue 46's layout check: every scene of every game (tools/ui/screenshots.py: the title with and
without a saved match, new game with every game and preset, the tables at 2 and at the most
seats, pass screens, dialogs, results, review, same cards, replay, statistics, skill, lobby, host,
join, settings, How to play) drawn at 640x480 (the smallest window), 800x480 and 1280x720, while
``game.ui.textdraw`` records what was drawn where.  A scene fails when a text is elided with "…"
or a button's key hint is left out, a word is broken between its letters over two lines (the
wrapping's last resort), a text leaves the window or its box, two texts overlap, a text
lies over a card (a card's own label excepted) or within two pixels of a control not its own, a
control lies outside the window, or a panel is drawn over words already there.  The message names
the scene, the size, the words and the rectangles.

One app (resized) serves every scene, each drawn once; a case a scene and a size, so pytest-xdist
spreads them.  The cases still failing are in KNOWN (expected to fail, strictly: a fixed one must
leave the list)."""

from __future__ import annotations

import os

import pytest

from game.ui import textdraw

os.environ.setdefault("VAZHUSHAL_NET_INTERFACES", "127.0.0.1")  # the lobby listens on loopback only

from tools.ui import screenshots  # noqa: E402

SIZES = ("640x480", "800x480", "1280x720")
ALL = screenshots.SCENES + screenshots.REPLAY_SCENES + screenshots.MORE_SCENES

# The scenes at a size that still fail the check (scene name as in screenshots, without its number).
KNOWN: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def apps():
    """The app at a window size: one app (pygame has one window), resized as a player would."""
    import pygame

    from game.ui.app import App
    from game.ui.selftest import quick_settings, scratch_store

    app = App(screenshots.SIZES[SIZES[-1]], store=scratch_store(), audio=False)
    quick_settings(app)

    def at(size: str) -> App:
        w, h = screenshots.SIZES[size]
        if app.screen.get_size() != (w, h):
            app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
        assert app.screen.get_size() == (w, h) and app.screen is pygame.display.get_surface()
        return app

    yield at
    app.shutdown()


def drawn(app, setup) -> list[textdraw.Drawn]:
    """What the scene ``setup`` opens draws, once, recorded."""
    with textdraw.recording() as rec:
        setup(app)
        app.dirty = True
        app.step([])
        rec.new_frame()
        app.draw()
        return list(rec.items)


def looked_at(app, setup) -> list[str]:
    """What breaks the layout rules in the scene ``setup`` opens, drawn once."""
    items = drawn(app, setup)
    assert any(d.kind == "text" for d in items), "no words drawn on the window were recorded"
    return textdraw.problems(items, app.screen.get_size())


def test_the_check_sees_a_cut_text_an_overlap_and_a_control_outside(apps) -> None:
    """The rules themselves: each kind of fault drawn on purpose is reported."""
    import pygame

    from game.ui.resources import elide
    from game.ui.widgets import Button, label

    app = apps("640x480")
    screen = app.screen
    with textdraw.recording() as rec:
        label(screen, elide("A sentence far too long for the room it was given", 18, 60), (10, 10), 18)
        label(screen, "one", (10, 100), 20)
        label(screen, "two", (14, 104), 20)
        label(screen, "off the edge", (600, 300), 20)
        label(screen, "boxed", (10, 200), 20, box=pygame.Rect(10, 200, 20, 20))
        app.art.draw_face(screen, (300, 300), 0, 60)
        label(screen, "on a card", (310, 330), 16)
        button = Button("A long caption here", lambda: None, "Enter")
        button.rect = pygame.Rect(620, 460, 60, 30)
        button.draw(screen, False, 18)
        textdraw.note_control(screen, button.rect, button.caption)
        textdraw.note_control(screen, pygame.Rect(10, 260, 100, 30), "Advanced")
        label(screen, "just above it", (10, 246), 14)
        found = textdraw.problems(rec.items, screen.get_size())
    said = "\n".join(found)
    for words in ("cut: 'A se…'", "'A long caption here Enter' at (0, 0, 0×0) (left out for room)",
                  "texts overlap: 'one'",
                  "outside the window: 'off the edge'", "overflows its box", "text over a card",
                  "control outside the window: 'A long caption here'",
                  "text touches the control 'Advanced'"):
        assert words in said, said


def test_the_title_names_the_app_and_its_games_and_keeps_every_button_in_the_window(apps) -> None:
    """Issue 46 bug 2: every button (Continue first, Puzzles and the daily puzzle among them) in the
    window at every size; the heading is the family's, its subtitle names every game."""
    import pygame

    for size in SIZES:
        app = apps(size)
        screenshots.title_with_a_saved_match(app)
        app.step([])
        scene = app.top
        words = scene.subtitle_words()
        assert all(front.title in words for front in app.games.values()) and "Chennai" not in words
        captions = [w.caption for w in scene.form.widgets]
        assert captions[0] == "Continue" and captions[-1] == "Quit" and len(captions) == 11
        assert "Puzzles" in captions and any(c.startswith("Daily puzzle") for c in captions), captions
        window = pygame.Rect((0, 0), app.screen.get_size())
        assert all(window.contains(w.rect) for w in scene.form.widgets), (size, [w.rect for w in scene.form.widgets])


def scene_cases(axis, known: set[tuple[str, str]]) -> list:
    """A case for every scene at every value of ``axis`` (sizes, languages): ``(value, name, setup)``,
    those in ``known`` (``(name, value)``) expected to fail, strictly."""
    out = []
    for value in axis:
        for numbered, setup in ALL:
            name = numbered.split("_", 1)[1]
            marks = [pytest.mark.xfail(strict=True, reason="a known fault")] if (name, value) in known else []
            out.append(pytest.param(value, name, setup, id=f"{value}-{name}", marks=marks))
    return out


@pytest.mark.parametrize(("size", "name", "setup"), scene_cases(SIZES, KNOWN))
def test_every_scene_fits(apps, size: str, name: str, setup) -> None:
    found = looked_at(apps(size), setup)
    assert not found, f"{name} at {size}:\n    " + "\n    ".join(found)
