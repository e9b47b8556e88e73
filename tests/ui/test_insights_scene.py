"""The coach's screen (issue 49, item 3; ``game.ui.scenes.insights``): opened from Statistics -> Skill,
drawn from the profiles kept in the statistics file, Practise opening the puzzles on a habit's theme,
and what it says with too few hands; the statistics file keeps a profile beside a rated hand."""

from __future__ import annotations

import json

import pygame

from ai import insights
from game.ui.persist import STATS_FILE, Stats
from game.ui.selftest import wait_for
from tools.ui import coach_shots

from .test_layout_every_screen import drawn


def key(app, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def drawn_words(app) -> list[str]:
    """The words the scene on top draws, once."""
    return [d.words for d in drawn(app, lambda _app: None) if d.kind == "text"]


def test_the_coach_opens_from_the_skill_page_and_draws_its_charts_and_habits(app) -> None:
    many, few = coach_shots.games(app)
    coach_shots.rated(app, many, 40)
    app.reset_to(app.make("title"))
    stats = app.open("stats")
    assert stats.coach_button not in stats.form.widgets  # on the Skill page only
    key(app, pygame.K_k)
    assert stats.coach_button in stats.form.widgets
    key(app, pygame.K_c)
    scene = app.top
    assert scene.name == "insights" and scene.game == many
    assert scene.coach.ready and scene.coach.hands == 40 and len(scene.coach.advice) == 3
    words = drawn_words(app)
    assert any(str(40) in w for w in words)  # "... over 40 hands"
    assert all(any(h.words() in w for w in words) or any(w in h.words() for w in words) for h in scene.coach.advice)
    assert scene.coach.advice[0].key in ("take", "declare")  # the made-up player's costliest, as drawn
    assert {b.key for b in scene.coach.kinds} == set(coach_shots.MAIN)


def test_practise_opens_the_puzzles_on_the_habits_theme_and_shows_only_where_there_are_puzzles(app) -> None:
    many, _few = coach_shots.games(app)
    coach_shots.rated(app, many, 40)
    scene = coach_shots.open_coach(app, many)  # as if every theme had puzzles
    assert len(scene.practise_buttons) == 3
    drawn_words(app)
    first = scene.coach.advice[0]
    scene.practise_buttons[0].activate()
    assert app.top.name == "puzzles" and app.top.theme == first.theme
    app.pop()
    scene.themes = {first.theme}  # puzzles of one theme only: one button, beside that habit
    scene.load()
    assert len(scene.practise_buttons) == 1
    scene.themes = set()
    scene.load()
    assert scene.practise_buttons == [] and scene.form.widgets[0] is scene.back_button


def test_with_too_few_hands_the_coach_says_how_many_more_it_needs(app) -> None:
    many, few = coach_shots.games(app)
    coach_shots.rated(app, many, 40)
    coach_shots.rated(app, few, 4, seed=2, kinds=coach_shots.FEW)
    scene = coach_shots.open_coach(app, few)
    assert not scene.coach.ready and scene.coach.needed == insights.FEWEST - 4
    assert scene.practise_buttons == []
    words = " ".join(drawn_words(app))
    assert f"It needs {insights.FEWEST - 4} more hands" in words
    key(app, pygame.K_g)  # the next game with hands looked at
    assert scene.game == many and scene.coach.ready
    app.stats.skill.clear()
    empty = app.open("insights")
    assert empty.coach.hands == 0
    assert f"It needs {insights.FEWEST} more hands" in " ".join(drawn_words(app))


def test_the_statistics_file_keeps_a_profile_beside_its_rated_hand_and_reads_old_files(app, store) -> None:
    [profile] = coach_shots.profiles(coach_shots.MAIN, 1)
    stats = Stats()
    stats.rate("somegame", "m-h000", 1)
    stats.rate("somegame", "m-h001", 0)
    assert stats.note_profile("somegame", "m-h000", profile) and not stats.note_profile("somegame", "x", profile)
    assert not stats.note_profile("somegame", "m-h001", {"v": 1, "you": "nonsense"})
    doc = json.loads(json.dumps(stats.to_json()))
    assert doc["skill"]["somegame"][0]["coach"] == insights.clean_profile(profile)
    assert "coach" not in doc["skill"]["somegame"][1]
    assert Stats.parse(doc).skill == stats.skill
    doc["skill"]["somegame"][1]["coach"] = {"v": 99}  # a profile that cannot be read: the hand stays, without it
    assert Stats.parse(doc).skill["somegame"][1] == {"hand": "m-h001", "d": 0.0, "acc": None, "loss": None}
    store.path(STATS_FILE).write_text(json.dumps(doc))
    assert store.load_stats().skill["somegame"][0]["coach"] == insights.clean_profile(profile)


def test_a_rated_hand_is_profiled_in_the_background_and_kept_beside_its_rating(app, monkeypatch) -> None:
    """After the rating, the coach's profile of the hand (here a light one: one guess a decision, no
    Expert) joins the hand's entry in the statistics file."""
    import functools

    import game.ui.app as app_module

    from .test_review_scene import finished_table

    monkeypatch.setattr(app_module, "COACH_AFTER", 0.0)
    app.coach_profiles = True  # the harness's quick settings leave it off
    monkeypatch.setattr(insights, "profile", functools.partial(insights.profile, iterations=1, expert=False))
    table = finished_table(app, seed=21)
    game = table.match.game
    assert wait_for(app, lambda: bool(app.stats.skill.get(game)) and "coach" in app.stats.skill[game][0], 60)
    entry = app.stats.skill[game][0]
    assert insights.clean_profile(entry["coach"]) == entry["coach"] and entry["coach"]["expert"] is None
    assert sum(entry["coach"]["you"]["n"].values()) > 0 and not app.coach_jobs and not app.rating_docs
    app.flush_saves()
    assert json.loads(store_text(app))["skill"][game][0]["coach"] == entry["coach"]


def store_text(app) -> str:
    return app.store.path(STATS_FILE).read_text()
