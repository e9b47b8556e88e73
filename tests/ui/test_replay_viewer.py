"""The replay viewer (issue 14), headless: hands of both games played by the engines' plain bots
and recorded by the matches, then shown again step by step with synthetic keys and clicks.

Every step draws the recorded state (``game.replay.states``) without error; the keys, the
buttons and the progress strip move as they say; the key-move jumps land on key moves; the
default view never draws a face of another seat's hidden hand, "every hand" draws them all;
``--replay FILE`` opens the viewer, or the title screen with a message for a file that is not a
good replay."""

from __future__ import annotations

import copy
import json

import pygame
import pytest

from game.core.cards import rank_of
from game.games import GAMES
from game.indian13 import Action as Action13
from game.indian13 import RuleSet as RuleSet13
from game.indian13 import observe as observe13
from game.indian13.deck import KIND
from game.indian13.simulate import plain_action as plain13
from game.replay import states
from game.ui.indian13.match import Indian13Match
from game.ui.match import HUMAN, SeatSetup
from game.ui.replay.controls import step_x
from game.ui.selftest import top_name
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import RuleSet, legal_draws, observe
from game.vazhushal.simulate import plain_action

from .helpers import ev_click, ev_key

NAMES = ["Ravi", "Meena", "Kavya", "Arjun"]


def vazhushal_doc(levels: list[str], seed: int) -> dict:
    """A Vazhushal hand to its end: the plain bot, taking the line whenever a take is legal."""
    setups = [SeatSetup(NAMES[i], level) for i, level in enumerate(levels)]
    match = VazhushalMatch.new(setups, RuleSet(players=len(levels)), seed)
    while match.state.phase != "over":
        s = match.state
        takes = [o for o in legal_draws(s) if o.steps[0].type != "draw_stock"] if s.phase == "draw" else []
        match.play(takes[0].steps[0] if takes else plain_action(s))
    return match.take_replay()


def indian_doc(players: int, seed: int) -> dict:
    """An Indian Rummy deal to its end: the plain bot, taking a discard of a rank it holds; the
    last seat drops at its first turn."""
    levels = [HUMAN] + ["Medium"] * (players - 1)
    setups = [SeatSetup(n, lv) for n, lv in zip(NAMES[:players], levels)]
    match = Indian13Match.new(setups, RuleSet13(players=players), seed)
    while match.state.phase != "over":
        s = match.state
        action = plain13(s)
        if s.phase == "draw" and s.turn == players - 1 and not s.has_drawn[s.turn]:
            action = Action13.drop(s.turn)
        elif s.phase == "draw" and s.discard and KIND[s.discard[-1]] != 52:
            top = rank_of(KIND[s.discard[-1]])
            if any(KIND[c] != 52 and rank_of(KIND[c]) == top for c in s.hands[s.turn]):
                action = Action13.take_discard(s.turn)
        match.play(action)
    return match.take_replay()


@pytest.fixture(scope="module")
def docs() -> dict[str, dict]:
    return {"vazhushal": vazhushal_doc([HUMAN, "Medium", "Medium"], 12), "indian13": indian_doc(4, 5)}


def open_viewer(app, doc: dict, **kwargs):
    app.reset_to(app.make("title"))
    viewer = app.open("replay", doc, **kwargs)
    app.step([])
    return viewer


def faces(app) -> set[int]:
    """The physical cards drawn face up in one frame."""
    app.dirty = True
    app.step([])
    return {c for c in app.art.faces_drawn if c >= 0}


def hidden_from(game: str, state, seat: int) -> set[int]:
    """The cards of the other seats' hands that ``seat`` may not see at this step."""
    if game == "vazhushal":
        visible = set(observe(state, seat).visible_cards())
    else:
        visible = {c for hand in observe13(state, seat).revealed_hands if hand for c in hand}
    others = {c for i, hand in enumerate(state.hands) if i != seat for c in hand}
    return others - visible


# --- every step ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_every_step_draws_the_recorded_state_and_no_hidden_hand(app, docs, game):
    doc = docs[game]
    expected = states(doc)
    viewer = open_viewer(app, doc)
    seat = viewer.seat
    to_json = GAMES[game].to_json
    assert viewer.index == 0 and viewer.timeline.last == len(doc["actions"])
    for i, state in enumerate(expected):
        if i:
            app.step([ev_key(pygame.K_RIGHT)])
        assert viewer.index == i
        assert to_json(viewer.state) == to_json(state)
        drawn = faces(app)
        assert not drawn & hidden_from(game, state, seat), f"step {i} drew a hidden card"
        assert set(state.hands[seat]) <= drawn, f"step {i} did not draw the seat's own hand"
    app.step([ev_key(pygame.K_RIGHT)])
    assert viewer.index == len(expected) - 1  # the end stays the end


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_every_hand_shown_draws_them_all(app, docs, game):
    doc = docs[game]
    viewer = open_viewer(app, doc, start=len(doc["actions"]) // 2)
    state = viewer.state
    others = {c for i, hand in enumerate(state.hands) if i != viewer.seat for c in hand}
    assert others and not faces(app) & hidden_from(game, state, viewer.seat)
    app.step([ev_key(pygame.K_a)])
    assert viewer.show_all and others <= faces(app)
    app.step([ev_key(pygame.K_a)])
    assert not viewer.show_all and not faces(app) & hidden_from(game, state, viewer.seat)


@pytest.mark.parametrize("size", [(1280, 720), (800, 480), (1920, 1080)])
def test_both_games_draw_at_every_window_size(app, docs, size):
    app.screen = pygame.display.set_mode(size)
    for doc in docs.values():
        viewer = open_viewer(app, doc)
        for index in (0, *viewer.timeline.key_moves):
            viewer.go(index)
            viewer.show_all = index % 2 == 1
            faces(app)
        for rect in viewer.chrome().buttons.values():
            assert app.screen.get_rect().contains(rect)


# --- moving --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_keys_move_as_they_say(app, docs, game):
    viewer = open_viewer(app, docs[game])
    tl = viewer.timeline
    app.step([ev_key(pygame.K_END)])
    assert viewer.index == tl.last
    app.step([ev_key(pygame.K_LEFT)])
    assert viewer.index == tl.last - 1
    app.step([ev_key(pygame.K_HOME)])
    assert viewer.index == 0
    app.step([ev_key(pygame.K_LEFT)])
    assert viewer.index == 0
    seat = viewer.seat
    app.step([ev_key(pygame.K_TAB)])
    assert viewer.seat == (seat + 1) % tl.players
    app.step([ev_key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert viewer.seat == seat


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_key_move_jumps_land_on_key_moves(app, docs, game):
    doc = docs[game]
    viewer = open_viewer(app, doc)
    tl = viewer.timeline
    key_types = {"vazhushal": {"take_line", "meld", "arrange"}, "indian13": {"take_discard", "drop", "declare", "show"}}
    assert len(tl.key_moves) >= 3, "the test hand should have key moves to jump between"
    for k in tl.key_moves:
        assert doc["actions"][k - 1]["action"]["type"] in key_types[game] or k == tl.last
    landed = []
    while viewer.index < tl.last:
        app.step([ev_key(pygame.K_PAGEDOWN)])
        landed.append(viewer.index)
    assert landed == tl.key_moves
    back = []
    while viewer.index > 0:
        app.step([ev_key(pygame.K_PAGEUP)])
        back.append(viewer.index)
    assert back == [*reversed(tl.key_moves[:-1]), 0]
    assert all(viewer.timeline.caption(k).startswith(f"Step {k} of {tl.last}: ") for k in tl.key_moves)


def click_button(app, viewer, name: str) -> None:
    app.step(ev_click(viewer.chrome().buttons[name].center))


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_buttons_move_as_they_say(app, docs, game):
    viewer = open_viewer(app, docs[game], start=5)
    tl = viewer.timeline
    moves = [("next", 6), ("back", 5), ("back", 4), ("last", tl.last), ("prev_key", tl.prev_key(tl.last)),
             ("first", 0), ("next_key", tl.key_moves[0])]
    for name, index in moves:
        click_button(app, viewer, name)
        assert viewer.index == index, name
    seat = viewer.seat
    click_button(app, viewer, "seat")
    assert viewer.seat == (seat + 1) % tl.players
    click_button(app, viewer, "all")
    assert viewer.show_all
    click_button(app, viewer, "first")
    assert viewer.index == 0 and not viewer.buttons["back"].enabled and viewer.buttons["next"].enabled
    click_button(app, viewer, "back")  # greyed at the deal: nothing happens
    assert viewer.index == 0
    click_button(app, viewer, "close")
    assert top_name(app) == "title"


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_the_progress_strip_jumps_where_it_is_clicked(app, docs, game):
    viewer = open_viewer(app, docs[game])
    tl = viewer.timeline
    strip = viewer.chrome().strip
    key = tl.key_moves[len(tl.key_moves) // 2]
    app.step(ev_click((step_x(strip, key, tl.last) + 2, strip.centery)))  # near a tick: on the key move
    assert viewer.index == key
    app.step(ev_click((strip.right - 1, strip.centery)))
    assert viewer.index == tl.last
    middle = (strip.centerx, strip.centery)  # a drag along the strip follows the pointer
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(strip.x + 1, strip.centery), button=1)])
    assert viewer.index == 0
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 0), buttons=(1, 0, 0))])
    assert 0 < viewer.index < tl.last
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1)])
    held = viewer.index
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(strip.right - 1, strip.centery), rel=(1, 0),
                                 buttons=(0, 0, 0))])
    assert viewer.index == held  # released: moving no longer scrubs


def test_random_events_never_break_the_viewer(app, docs):
    """A monkey on the viewer (keys, clicks, drags, the wheel, both games, every window size):
    no exception, the step always in range, and a step that shows the recorded state."""
    import random

    rng = random.Random(14)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
            pygame.K_TAB, pygame.K_a, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN]
    for size in ((1280, 720), (800, 480)):
        app.screen = pygame.display.set_mode(size)
        for doc in docs.values():
            open_viewer(app, doc)
            held = 0
            for _ in range(400):
                if top_name(app) != "replay":
                    open_viewer(app, doc, start=rng.randrange(len(doc["actions"]) + 1))
                pos = (rng.randrange(size[0]), rng.randrange(size[1]))
                roll = rng.random()
                if roll < 0.3:
                    event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(held, 0, 0))
                elif roll < 0.5:
                    held = 1
                    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
                elif roll < 0.65:
                    held = 0
                    event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
                elif roll < 0.7:
                    event = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
                else:
                    mod = pygame.KMOD_SHIFT if rng.random() < 0.2 else 0
                    event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=mod, unicode="", scancode=0)
                app.step([event])
                viewer = app.top
                if viewer.name == "replay":
                    assert 0 <= viewer.index <= viewer.timeline.last
                    assert viewer.state is viewer.timeline.states[viewer.index]


# --- opening and leaving -------------------------------------------------------------------------

def test_the_default_view_is_the_first_person_at_the_table(app):
    doc = vazhushal_doc(["Easy", HUMAN, HUMAN], 3)
    assert open_viewer(app, doc).seat == 1
    bots_only = vazhushal_doc(["Easy", "Medium"], 4)
    assert open_viewer(app, bots_only).seat == 0
    viewer = open_viewer(app, doc, seat=2, start=7)
    assert (viewer.seat, viewer.index) == (2, 7)
    viewer = open_viewer(app, doc, seat=9, start=10**6)  # out of range: the default seat, the end
    assert (viewer.seat, viewer.index) == (1, viewer.timeline.last)


def test_captions_say_what_happened(docs):
    from game.ui.games import GAMES
    from game.ui.replay.timeline import Timeline

    ADAPTERS = {name: front.replay for name, front in GAMES.items()}

    v = Timeline(docs["vazhushal"], ADAPTERS["vazhushal"])
    wipes = [v.captions[i + 1] for i, e in enumerate(v.entries) if e["action"]["type"] == "take_line"]
    assert wipes and all(" wiped " in w and " from the line (" in w for w in wipes)
    assert any(c.endswith(f"discarded {c.split('discarded ')[-1]}") for c in v.captions if "discarded" in c)
    assert "won" in v.captions[-1] and v.captions[0].startswith(v.names[v.states[0].dealer] + " dealt")
    i = Timeline(docs["indian13"], ADAPTERS["indian13"])
    assert any("from the discard pile" in c for c in i.captions)
    assert any("dropped (first drop" in c for c in i.captions)
    assert "won the deal" in i.captions[-1] or "no winner" in i.captions[-1]


def test_esc_goes_back_to_the_scene_below_or_to_the_title(app, docs):
    viewer = open_viewer(app, docs["vazhushal"])
    app.step([ev_key(pygame.K_ESCAPE)])
    assert top_name(app) == "title" and viewer not in app.stack
    app.reset_to(app.make("replay", docs["indian13"]))  # alone on the stack
    app.step([ev_key(pygame.K_BACKSPACE)])
    assert top_name(app) == "title" and len(app.stack) == 1


# --- python -m game --replay FILE -----------------------------------------------------------------

def bad_files(doc: dict) -> dict[str, bytes]:
    malformed = copy.deepcopy(doc)
    malformed["version"] = 7
    illegal = copy.deepcopy(doc)  # a discard before the first draw
    illegal["actions"][0]["action"] = {"player": illegal["actions"][0]["seat"], "type": "discard", "card": "KH"}
    ending = copy.deepcopy(doc)
    ending["result"] = dict(ending["result"], winner=(ending["result"]["winner"] or 0) + 1)
    return {"not json": b"{this is not json", "not a replay": b'{"format": "a shopping list"}',
            "malformed": json.dumps(malformed).encode(), "illegal action": json.dumps(illegal).encode(),
            "another end": json.dumps(ending).encode(), "empty": b""}


def test_a_bad_replay_file_opens_the_title_with_a_message(app, docs, tmp_path):
    from game.ui.launch import open_replay

    cases = {**bad_files(docs["vazhushal"]), "missing": None}
    for name, content in cases.items():
        path = tmp_path / f"{name}.json"
        if content is not None:
            path.write_bytes(content)
        app.reset_to(app.make("title"))
        app.toasts.clear()
        assert open_replay(app, str(path)) is False, name
        app.step([])
        assert top_name(app) == "title", name
        assert len(app.toasts) == 1 and app.toasts[0][0].startswith("This replay could not be opened: "), name


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_a_good_replay_file_opens_the_viewer(app, docs, tmp_path, game):
    from game.ui.launch import open_replay

    path = tmp_path / "hand.json"
    path.write_text(json.dumps(docs[game]), encoding="utf-8")
    app.reset_to(app.make("title"))
    assert open_replay(app, str(path)) is True
    app.step([])
    assert top_name(app) == "replay" and app.top.timeline.game == game and not app.toasts


@pytest.mark.parametrize("good", [True, False], ids=["good file", "bad file"])
def test_the_command_line_starts_the_window_on_a_replay(docs, tmp_path, monkeypatch, good):
    from game.__main__ import main
    from game.ui import launch

    shown: list[tuple[str, list[str]]] = []

    class Window(launch.App):
        def shutdown(self) -> None:
            shown.append((top_name(self), [t for t, _ in self.toasts]))
            super().shutdown()

    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("VAZHUSHAL_DATA_DIR", str(folder))
    monkeypatch.setenv("VAZHUSHAL_EXIT_AFTER_FIRST_FRAME", "1")
    monkeypatch.setattr(launch, "App", Window)
    path = tmp_path / "hand.json"
    path.write_bytes(json.dumps(docs["indian13"]).encode() if good else b"\x00\xff not a replay")
    assert main(["--replay", str(path)]) == 0
    top, toasts = shown[0]
    if good:
        assert top == "replay" and not toasts
    else:
        assert top == "title" and toasts and toasts[0].startswith("This replay could not be opened: ")


@pytest.mark.parametrize("failure", [MemoryError(), RecursionError("deep"), KeyError("x")])
def test_any_failure_while_opening_a_replay_is_one_message(app, docs, monkeypatch, failure):
    """Issue 30: a replay too long for the memory left (or anything else going wrong while it is
    played) ends in one message on the scene it was opened from, never a traceback."""
    from game.ui.replay import scene as replay_scene

    def broken(*args, **kwargs):
        raise failure

    monkeypatch.setattr(replay_scene, "Timeline", broken)
    app.reset_to(app.make("title"))
    app.toasts.clear()
    viewer = app.open("replay", docs["indian13"])
    app.step([])
    assert viewer.failure and top_name(app) == "title"
    assert len(app.toasts) == 1 and app.toasts[0][0].startswith("This replay could not be opened: ")


def test_a_replay_of_a_game_this_window_does_not_know_is_one_message(app, docs):
    app.reset_to(app.make("title"))
    app.toasts.clear()
    app.open("replay", dict(docs["indian13"], game="chess"))
    app.step([])
    assert top_name(app) == "title" and "cannot show" in app.toasts[0][0]
