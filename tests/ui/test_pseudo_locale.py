"""Issue 48's first slice on screen: the title, the in-game menu and settings drawn at 640x480 (the
smallest window) and 1280x720 in the pseudo-language show no English that bypassed the catalogue and break no
layout rule (``textdraw.problems``); settings drawn in Tamil draws Tamil words, fits, and switching
the language there rebuilds the scene at once and is saved for the next start.  Tamil and
Devanagari are shaped (``Font.set_script``): drawn without it, their vowel signs land elsewhere."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.i18n import pseudo
from game.ui import resources, textdraw

from .test_layout_every_screen import drawn

SIZE = (640, 480)


@pytest.fixture(scope="module")
def small_app(tmp_path_factory):
    """The app at 640x480 (one window for the module); English again afterwards."""
    from game.ui.app import App
    from game.ui.persist import Store
    from game.ui.selftest import quick_settings

    app = App(SIZE, store=Store(tmp_path_factory.mktemp("data")), audio=False)
    quick_settings(app)
    yield app
    app.shutdown()
    i18n.set_language("en")




def title(app) -> None:
    from tools.ui import screenshots

    screenshots.title_with_a_saved_match(app)  # Continue too: nine buttons


def settings(app) -> None:
    title(app)
    app.open("settings")


def menu(app) -> None:
    from tools.vazhushal.shots import shot_menu

    shot_menu(app)


def resized(app, size: tuple[int, int]):
    """The app's window at ``size`` (as a player resizes it)."""
    if app.screen.get_size() != size:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    assert app.screen.get_size() == size
    return app


@pytest.mark.parametrize("size", [SIZE, (1280, 720)], ids=["640x480", "1280x720"])
@pytest.mark.parametrize("setup", [title, settings, menu], ids=["title", "settings", "menu"])
def test_the_first_scenes_speak_the_pseudo_language_and_fit(small_app, setup, size) -> None:
    resized(small_app, size).set_language(i18n.PSEUDO)
    items = drawn(small_app, setup)
    # the menu lies over a table (not in this slice): only its own layer (over the dimmed table) counts
    top = max(d.layer for d in items)
    items = [d for d in items if d.layer == top]
    own = [d for d in items if d.kind == "text"]
    assert len(own) >= 5
    english = [(d.words, pseudo.english_words(d.words)) for d in own if pseudo.english_words(d.words)]
    assert not english, english
    assert any(pseudo.OPEN in d.words for d in own)
    found = textdraw.problems(items, size)
    assert not found, "\n".join(found)


def test_settings_in_tamil_draws_tamil_that_fits(small_app) -> None:
    resized(small_app, SIZE).set_language("ta")
    items = drawn(small_app, settings)
    words = " ".join(d.words for d in items if d.kind == "text")
    for tamil in ("அமைப்புகள்", "மொழி", "தமிழ்", "சீட்டு அளவு", "பின்செல்"):
        assert tamil in words, words
    assert not textdraw.problems(items, SIZE)


def test_choosing_a_language_rebuilds_settings_at_once_and_is_saved(small_app, monkeypatch) -> None:
    from game.ui.persist import Store

    resized(small_app, SIZE).set_language("en")
    settings(small_app)
    scene = small_app.top
    assert scene.form.widgets[0].caption == "Language" and scene.title == "Settings"
    scene.form.focus = 0
    small_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")])
    assert i18n.language() == "ta" and small_app.top is scene
    assert scene.title == "அமைப்புகள்" and scene.form.widgets[0].caption == "மொழி"
    assert scene.form.widgets[0].value == "தமிழ்" and scene.form.focused is scene.form.widgets[0]
    small_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert small_app.top.name == "title" and small_app.top.form.widgets[-1].caption == "வெளியேறு"
    small_app.flush_saves()
    saved = Store(small_app.store.folder).load_settings().language
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert saved == "ta" and i18n.startup_language(saved) == "ta"  # the next start speaks Tamil
    small_app.set_language("en")


def test_tamil_and_devanagari_are_shaped_with_their_script() -> None:
    """HarfBuzz puts the vowel sign ெ before ச and ि before र only when told the script: the drawn
    words match a face told the script and differ from one that is not."""
    pygame.font.init()
    for words, script in (("சென்னை", resources.TAMIL), ("मैरिज", resources.DEVANAGARI)):
        ours = resources.text(words, 40, (0, 0, 0))
        fitted = resources.font(40)
        told = fitted.face_of(script)  # fitted into DejaVu's line: a size a little under 40
        untold = pygame.font.Font(str(resources.asset("fonts", resources.FACES[script][0])), fitted.sizes[script])
        assert told.render(words, True, (0, 0, 0)).get_size()[0] == ours.get_width()
        shaped = pygame.Surface(ours.get_size(), pygame.SRCALPHA)
        shaped.blit(told.render(words, True, (0, 0, 0)), (0, 0))
        plain = pygame.Surface(ours.get_size(), pygame.SRCALPHA)
        plain.blit(untold.render(words, True, (0, 0, 0)), (0, 0))
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(shaped, "RGBA")
        assert pygame.image.tobytes(ours, "RGBA") != pygame.image.tobytes(plain, "RGBA")


def test_a_mixed_string_keeps_each_script_in_its_face() -> None:
    """"K♠" in a Tamil sentence is DejaVu's (Noto Tamil has no suits); digits and punctuation go
    with the words around them; the measure is the drawing's."""
    assert resources.runs("K♠ சீட்டு") == [("Latn", "K♠ "), ("Taml", "சீட்டு")]
    assert resources.runs("3 சீட்டுகள்: 10♦") == [("Taml", "3 சீட்டுகள்: "), ("Latn", "10♦")]
    assert resources.runs("(मैरिज)। A♥") == [("Deva", "(मैरिज)। "), ("Latn", "A♥")]
    assert resources.runs("Settings") == [("Latn", "Settings")]
    for words in ("K♠ சீட்டு", "मैरिज", "Settings"):
        assert resources.measure(words, 20) == resources.text(words, 20).get_size()
    spade = resources.face("Latn", 20).render("K♠ ", True, (0, 0, 0)).get_width()
    assert resources.measure("K♠ சீட்டு", 20)[0] == spade + resources.font(20).face_of("Taml").size("சீட்டு")[0]
