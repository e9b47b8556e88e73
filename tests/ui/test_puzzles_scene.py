"""The puzzle screen (game/ui/scenes/puzzles.py), the pick (ai/puzzles/pick.py) and the player's
puzzle record (game/ui/puzzles/record.py), on made-up puzzles cut from real seeded positions
(tools/ui/puzzle_shots.py): solved right and wrong by mouse and keys, the rating moving each way,
the explanation shown, Next near the rating, the daily puzzle fixed by its date, the record's file
round-tripping and a damaged one kept and reported."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from ai.glicko2 import Rating
from ai.puzzles import pick
from game.ui.drive import click_at, click_widget, key
from game.ui.puzzles import record as records
from game.ui.scenes import puzzles as screen
from tools.ui.puzzle_shots import MadeUpApi

GAMES = ("indian13", "vazhushal")  # the made-up sets: two games (the others have none, as a game may)


@pytest.fixture(scope="module")
def fake() -> MadeUpApi:
    return MadeUpApi(GAMES, count=6)


@pytest.fixture
def puzzles_app(app, fake, monkeypatch):
    monkeypatch.setattr(screen, "api", lambda: fake)
    app.reset_to(app.make("title"))
    return app


def drawn(app) -> None:
    app.dirty = True
    app.step([])


def press(app, k: int) -> None:
    app.step([key(k)])


def button(scene, words: str):
    return next(b for b in scene.form.widgets if b.caption == words)


def first_of(fake, game: str, kind: str):
    return sorted((p for p in fake.load(game) if p.kind == kind), key=lambda p: p.id)[0]


def shown_first(app, fake, kind: str):
    """The puzzle screen on the first made-up 13-card puzzle of ``kind``, drawn; the scene and puzzle."""
    scene = app.open("puzzles", game="indian13", rng=random.Random(1))
    p = first_of(fake, "indian13", kind)
    scene.show(p)
    drawn(app)
    return scene, p


def test_a_throw_solved_by_clicking_a_card_twice_raises_the_rating(puzzles_app, fake):
    app = puzzles_app
    scene, p = shown_first(app, fake, "discard")
    want = p.answer[-1]["card"]
    from game.core.cards import parse_kind

    index = next(i for i, (_rect, kind) in enumerate(scene.card_rects) if kind == parse_kind(want))
    answer = scene.card_rects[index][0]
    click_at(app, answer.center)
    assert scene.selected == index and scene.tried is None  # lifted, not yet thrown
    drawn(app)
    click_at(app, scene.card_rects[index][0].center)
    assert scene.tried is not None and scene.right
    before, after = scene.change
    assert before == Rating() and after.r > before.r
    drawn(app)
    words = " ".join(line for line, *_ in scene.answer_lines(2000, 18))
    assert "Right!" in words and fake.explain(p) in words and "1500 →" in words
    assert [b.caption for b in scene.form.widgets] == ["Next puzzle", "Back"]  # no dead buttons when right
    assert records.load(app.store).rating("indian13") == after  # saved


def test_a_wrong_draw_lowers_the_rating_then_the_answer_and_a_retry_are_not_rated(puzzles_app, fake):
    app = puzzles_app
    scene, p = shown_first(app, fake, "draw")
    wrong = "draw_stock" if p.answer[0]["type"] != "draw_stock" else "take_discard"
    target = scene.stock_rect if wrong == "draw_stock" else scene.pile_rect
    click_at(app, target.center)
    assert scene.tried is not None and not scene.right
    rating = scene.change[1]
    assert rating.r < 1500
    assert {b.caption for b in scene.form.widgets} == {"Next puzzle", "Try again", "Show answer", "Back"}
    press(app, __import__("pygame").K_s)  # S: the answer and why
    assert scene.revealed
    words = " ".join(line for line, *_ in scene.answer_lines(2000, 18))
    assert "The answer:" in words and fake.explain(p) in words
    press(app, __import__("pygame").K_t)  # T: try again, now for practice only
    assert scene.tried is None and scene.rated
    drawn(app)
    right = scene.pile_rect if wrong == "draw_stock" else scene.stock_rect
    click_at(app, right.center)
    assert scene.right and scene.change[1] == rating  # the retry did not move the rating
    assert records.load(app.store).of("indian13").streak == 0


def test_next_gives_another_puzzle_near_the_rating(puzzles_app, fake):
    import pygame

    app = puzzles_app
    rec = records.of_app(app)  # the app's record, read once (the title read it already)
    rec.of("indian13").rating = Rating(1800, 60, 0.06)  # the made-up ratings run 1300 ... 1800
    scene = app.open("puzzles", game="indian13", rng=random.Random(2))
    first = scene.puzzle
    assert abs(first.rating - 1800) <= 100
    scene.show_answer()  # counts as a miss, then N
    press(app, pygame.K_n)
    assert scene.puzzle.id != first.id and abs(scene.puzzle.rating - scene.record.rating("indian13").r) <= 200


def test_pick_keeps_near_the_rating_avoids_done_and_filters_by_theme(fake):
    load = fake.load
    rng = random.Random(0)
    for _ in range(20):
        got = pick.next_puzzle("indian13", Rating(1350, 50), set(), rng=rng, source=load)
        assert abs(got.rating - 1350) <= 100
    every = {p.id for p in load("indian13")}
    last = pick.next_puzzle("indian13", Rating(1500, 50), every - {max(every)}, rng=rng, source=load)
    assert last.id == max(every)  # the one not done, though far from the rating
    assert pick.next_puzzle("indian13", 1500, every, rng=rng, source=load) is not None  # all done: they come back
    assert all("take" in pick.next_puzzle("indian13", 1500, (), "take", rng, source=load).themes for _ in range(10))
    assert pick.next_puzzle("indian13", 1500, (), "no such theme", rng, source=load) is None
    assert pick.next_puzzle("marriage", 1500, (), source=load) is None  # a game without puzzles


def test_the_daily_puzzle_is_fixed_by_its_date_and_the_games_take_turns(fake):
    day = dt.date(2026, 11, 29)
    one = pick.daily(day, source=fake.load, games=("vazhushal", "indian13", "marriage"))
    again = pick.daily(day, source=fake.load, games=("vazhushal", "indian13", "marriage"))
    assert one[0] == again[0] and one[1].id == again[1].id
    week = {pick.daily(day + dt.timedelta(days=i), source=fake.load, games=GAMES)[0] for i in range(4)}
    assert week == set(GAMES)  # marriage has none: only the two take turns
    assert pick.daily(day, source=fake.load, games=("marriage",)) is None


def test_the_daily_puzzle_on_the_title_screen_and_solved_today(puzzles_app, fake, monkeypatch):
    app = puzzles_app
    day = dt.date(2026, 11, 29)
    monkeypatch.setattr(screen, "today", lambda: day)
    title = app.make("title")
    app.reset_to(title)
    game, puzzle = pick.daily(day, source=fake.load, games=list(app.games))
    caption = f"Daily puzzle: {app.games[game].title}"
    click_widget(app, button(title, caption))
    scene = app.top
    assert scene.name == "puzzles" and scene.puzzle.id == puzzle.id and scene.day == day.isoformat()
    scene.play(list(puzzle.answer))
    assert scene.right
    press(app, __import__("pygame").K_ESCAPE)
    assert app.top is title
    assert any(b.caption == f"{caption}, solved today" for b in title.form.widgets)
    again = app.open("puzzles", daily=True)
    assert again.rated  # tried today already: the puzzle is there for practice, not rated again


def test_the_choice_of_game_lists_only_games_with_puzzles(puzzles_app):
    app = puzzles_app
    click_widget(app, button(app.top, "Puzzles"))
    scene = app.top
    captions = [b.caption for b in scene.form.widgets]
    assert len(captions) == len(GAMES) + 1 and captions[-1] == "Back"
    click_widget(app, scene.form.widgets[0])
    assert scene.puzzle is not None
    press(app, __import__("pygame").K_ESCAPE)  # back to the choice, then out
    assert scene.puzzle is None and app.top is scene
    press(app, __import__("pygame").K_ESCAPE)
    assert app.top.name == "title"


def test_a_game_or_theme_without_puzzles_says_so(puzzles_app):
    app = puzzles_app
    scene = app.open("puzzles", game="marriage")
    assert scene.puzzle is None and "no puzzles" in scene.empty
    assert [b.caption for b in scene.form.widgets] == ["Back"]
    scene = app.open("puzzles", game="indian13", theme="no such theme")
    assert scene.puzzle is None and "of this kind" in scene.empty
    click_widget(app, button(scene, "Any puzzle of this game"))
    assert scene.puzzle is not None


def test_the_record_round_trips_and_a_damaged_file_is_kept_and_reported(store):
    rec = records.PuzzleRecord()
    rec.result("indian13", "indian13-abc", Rating(1600, 80), True, "2026-11-29")
    assert records.save(store, rec)
    first = records.load(store)
    assert first == rec and first.of("indian13").streak == 1 and first.daily == {"2026-11-29": True}
    rec.result("indian13", "indian13-def", Rating(1400, 80), False)
    assert records.save(store, rec) and records.load(store).of("indian13").tried == 2
    damaged = '{"format": "vazhushal-puzzle-record", "version": 1, "games": {"indian13": {"rating": 5}}}'
    store.path(records.FILE).write_text(damaged)
    assert records.load(store) == first  # the previous copy, said so
    kept = [f for f in store.folder.iterdir() if f.name.startswith("puzzles.corrupt")]
    assert len(kept) == 1 and kept[0].read_text() == damaged  # the damaged bytes kept, not overwritten
    assert any("Your puzzle ratings could not be read" in n and "previous copy" in n for n in store.notices)
    assert not store.path(records.FILE).exists()  # moved aside, not deleted (the kept copy above)
    store.path(records.FILE + ".bak").write_text("not json")
    assert records.load(store) == records.PuzzleRecord()  # nothing readable: a new record, and a message
    assert sum(1 for f in store.folder.iterdir() if f.name.startswith("puzzles.")) >= 2


def test_keys_alone_lift_and_throw_a_card_and_a_stray_enter_is_no_answer(puzzles_app, fake):
    import pygame

    app = puzzles_app
    scene = app.open("puzzles", game="vazhushal", rng=random.Random(1))
    scene.show(first_of(fake, "vazhushal", "discard"))
    drawn(app)
    press(app, pygame.K_RETURN)  # nothing chosen yet: no answer (and no "Show answer" by accident)
    assert scene.tried is None and not scene.rated
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.selected == 1
    press(app, pygame.K_RETURN)  # throws the lifted card
    assert scene.tried is not None and scene.tried[-1]["type"] == "discard" and scene.rated


def shipped_sample(app, per_kind: int = 3) -> list:
    """A few shipped puzzles of each game and kind (the first by id)."""
    out = []
    for game in app.games:
        by_kind: dict[str, list] = {}
        for p in sorted(pick.puzzles_of(game), key=lambda p: p.id):
            by_kind.setdefault(p.kind, []).append(p)
        out += [(game, p) for found in by_kind.values() for p in found[:per_kind]]
    return out


def test_every_move_of_shipped_puzzles_can_be_played_and_the_answer_is_right(app):
    """The shipped puzzles (ai.puzzles) on the screen: every option of each is a click or a button,
    and playing the answer is right, another move wrong, each with its words."""
    sample = shipped_sample(app)
    assert sample, "no puzzles are shipped"
    for game, p in sample:
        scene = app.open("puzzles", game=game)
        scene.show(p)
        playable = scene.takes() + [m for m in [scene.move_of(("draw_stock",))] if m] + scene.button_moves()
        for kind in set(scene.hand_kinds()):
            playable += scene.throws_of(kind)
        assert all(list(o["actions"]) in playable for o in p.options), (p.id, p.kind)
        assert scene.pos.question() and scene.pos.hand
        scene.play(list(p.answer))
        assert scene.right, p.id
        words = " ".join(line for line, *_ in scene.answer_lines(2000, 18))
        assert scene.api.explain(p) in words
        wrong = next(list(o["actions"]) for o in p.options if o["key"] != p.key)
        scene.try_again()
        scene.play(wrong)
        assert not scene.right, p.id
        app.pop()


def test_a_damaged_puzzle_or_an_unknown_game_is_said_not_a_crash(puzzles_app, fake):
    import dataclasses

    app = puzzles_app
    scene = app.open("puzzles", game="indian13", rng=random.Random(1))
    broken = dataclasses.replace(first_of(fake, "indian13", "draw"), state={"format": "indian13-state"})
    scene.show(broken)
    drawn(app)
    assert scene.puzzle is None and "cannot be shown" in scene.empty
    click_widget(app, button(scene, "Next puzzle"))
    assert scene.puzzle is not None
    scene = app.open("puzzles", game="no such game")
    drawn(app)
    assert scene.puzzle is None and [b.caption for b in scene.form.widgets] == ["Back"]


def test_after_the_answer_enter_presses_the_focused_button(puzzles_app, fake):
    import pygame

    app = puzzles_app
    scene = app.open("puzzles", game="indian13", rng=random.Random(1))
    p = first_of(fake, "indian13", "draw")
    scene.show(p)
    scene.play(next(list(o["actions"]) for o in p.options if o["key"] != p.key))
    press(app, pygame.K_DOWN)  # from Next puzzle to Try again
    press(app, pygame.K_RETURN)
    assert scene.puzzle is p and scene.tried is None  # tried again, the same puzzle
    scene.play(list(p.answer))
    press(app, pygame.K_RETURN)  # Next puzzle, focused
    assert scene.puzzle is not p and scene.tried is None


def test_the_title_reads_the_puzzle_record_once(puzzles_app, monkeypatch):
    """The title says whether today's puzzle was solved each time it is built: from the app's
    record, read from the folder once (the puzzle screen changes and saves that same record)."""
    app = puzzles_app
    app.puzzle_record = None
    reads = []
    real = records.load
    monkeypatch.setattr(records, "load", lambda store: reads.append(store) or real(store))
    for _ in range(3):
        app.reset_to(app.make("title"))
        app.step([])
    scene = app.open("puzzles", game="indian13", rng=random.Random(2))
    assert len(reads) == 1 and scene.record is records.of_app(app)
