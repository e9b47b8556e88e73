"""What the tests of the guided first hands at the tables whose melds stay in the hand (13-card and
21-card Indian Rummy, and any game whose tutorial is a ``game.ui.tutorial.HandScript``) share:
opening the guided hand from the title's Tutorial, following the coach, moving over the hand by
keys and clicking its cards, the first turns every such script has (a wrong try before drawing,
drawing, a card dragged by its group's number, a discard, the opponent's throw taken, and a wrong
try at throwing it back), the show with its wrong try, and the checks of a wrong show, of leaving
the script, of the first start's offer, of the menu's Tutorial and of the bubble's room at every
step."""

from __future__ import annotations

import pygame

from game import i18n
from game.core.cards import KIND_OF, parse_kind
from game.core.hand_state import OVER
from game.i18n import pseudo
from game.ui import textdraw
from game.ui.drive import button, click_widget, new_game_of, top_name, wait_for
from game.ui.inhand.coach import place_bubble
from game.ui.wording import card_text
from tests.ui.helpers import ev_click, ev_drag, ev_key

SIZES = ((640, 480), (800, 480), (1280, 720))  # the layout check's window sizes, the smallest first


def open_from_title(app, caption: str, scene: str, script: type):
    """From the title: Tutorial, whose chooser lists every game with a guided hand, then ``caption``."""
    app.reset_to(app.make("title"))
    click_widget(app, button(app, "Tutorial: your first hand"))
    assert top_name(app) == "tutorials"
    games = [g.title for g in app.games.values() if g.tutorial is not None]
    assert [w.caption for w in app.top.form.widgets] == [*games, "Back"] and caption in games
    click_widget(app, button(app, caption))
    table = app.top
    assert table.name == scene and isinstance(table.tutorial, script) and table.match.practice
    return table


def every_step_names_its_keys(steps) -> None:
    """Each step the player does (not the opponent's) names the keys that do it."""
    for step in steps:
        if step.key != "wait":
            assert any(k in step.words for k in ("press N", "press T", " G", "press D", "F)", "1–9")), step.key


def coach(app, table) -> str:
    """The key of the coach's step after a frame (``done`` once the script is over)."""
    app.step([])
    step = table.tutorial.current
    return step.key if step is not None else "done"


def keys(app, *ks: int) -> None:
    app.step([ev_key(k) for k in ks])


def focus(app, table, token: str) -> None:
    """←/→ only, to a card ``token`` of the hand not yet selected."""
    for _ in range(30):
        card = table.focused_card()
        if card is not None and KIND_OF[card] == parse_kind(token) and card not in table.selected:
            return
        keys(app, pygame.K_RIGHT)
    raise AssertionError(f"no {token} in the hand")


def select(app, table, tokens: str) -> None:
    """The cards ``tokens`` selected by keys (←/→ and Space)."""
    for token in tokens.split():
        focus(app, table, token)
        keys(app, pygame.K_SPACE)


def group_by_keys(app, table, *groups: str) -> None:
    """Each of ``groups`` selected by keys, then G."""
    for tokens in groups:
        select(app, table, tokens)
        keys(app, pygame.K_g)


def group_number(table, token: str) -> int:
    """The number (1–9) of the hand's group that holds a ``token``."""
    mine = table.hand_groups()
    return next(i for i, g in enumerate(mine.groups) if any(KIND_OF[c] == parse_kind(token) for c in g)) + 1


def card_rect(table, token: str, skip: int = 0) -> pygame.Rect:
    """Where the hand's card ``token`` is drawn (past ``skip`` copies of it), the top one first."""
    return [r for c, r in reversed(table.layout().cards) if KIND_OF[c] == parse_kind(token)][skip]


def click_cards(app, table, *groups: str) -> None:
    """Each of ``groups`` selected by single clicks on its cards, then the Group button."""
    for tokens in groups:
        seen: list[str] = []
        for token in tokens.split():
            r = card_rect(table, token, seen.count(token))
            seen.append(token)
            app.step(ev_click((r.x + 6, r.centery)))
            app.step([])
            table.last_click = (0.0, None)  # one click at a time, never a double-click
        app.step(ev_click(table.layout().buttons["group"].center))


def first_turns_by_keys(app, table, drawn: str, into: str, throw: str, taken: str, check_bubble=None) -> None:
    """The script's first turns by keys: D before drawing (a wrong try: said, and its hint), N, the
    ``drawn`` card into the group of ``into`` by its number, ``throw`` discarded; the opponent throws
    ``taken``, T takes it, and D at it is refused and explained (the script holds).  ``check_bubble``
    looks at the bubble of every step on the way."""
    check = check_bubble or (lambda: None)
    assert coach(app, table) == "draw" and table.layout() is not None
    keys(app, pygame.K_d)  # a wrong try: discarding before drawing
    assert table.message[1] == "info" and table.message[0]
    assert table.tutorial.note(table.state) == "Start your turn from the stock: click it, or press N."
    assert coach(app, table) == "draw"  # nothing broke
    check()
    keys(app, pygame.K_n)
    assert coach(app, table) == "pure" and table.tutorial.note(table.state) == ""  # the hint went with the step
    check()
    focus(app, table, drawn)
    keys(app, pygame.K_0 + group_number(table, into))
    assert coach(app, table) == "discard"
    check()
    focus(app, table, throw)
    keys(app, pygame.K_d)
    assert wait_for(app, lambda: coach(app, table) == "take", 5)  # the opponent drew and threw
    check()
    keys(app, pygame.K_t)
    assert coach(app, table) == "keys"
    focus(app, table, taken)
    keys(app, pygame.K_d)  # a wrong try the engine refuses: the card just taken stays this turn
    assert table.message[1] == "bad" and card_text(parse_kind(taken)) in table.message[0], table.message
    assert table.tutorial.note(table.state).startswith("Select just ")
    assert table.state.phase == "discard" and not table.tutorial.off_script


def first_turns_by_mouse(app, table, drawn: str, into: str, throw: str) -> None:
    """The script's first turns by mouse: the stock clicked, the ``drawn`` card dragged onto the group
    of ``into``, ``throw`` double-clicked, the opponent's throw taken with a click on the pile."""
    app.step(ev_click(table.layout().stock.center))
    assert coach(app, table) == "pure"
    target = table.layout().groups[group_number(table, into) - 1]
    r = card_rect(table, drawn)
    app.step(ev_drag((r.x + 6, r.centery), target.center))
    assert coach(app, table) == "discard"
    r = card_rect(table, throw)
    app.step(ev_click((r.x + 6, r.centery)) + ev_click((r.x + 6, r.centery)))  # a double-click discards
    assert wait_for(app, lambda: coach(app, table) == "take", 5)
    app.step(ev_click(table.layout().discard.center))
    assert coach(app, table) == "keys"


def show_by_keys(app, table, finish: str) -> None:
    """F with no finish card selected (a wrong try: its hint), then ``finish`` selected and F."""
    assert coach(app, table) == "declare"
    keys(app, pygame.K_f)
    assert table.tutorial.note(table.state).startswith("Select only ")
    select(app, table, finish)
    keys(app, pygame.K_f)


def show_by_mouse(app, table, finish: str) -> None:
    assert coach(app, table) == "declare"
    r = card_rect(table, finish)
    app.step(ev_click((r.x + 6, r.centery)))
    app.step(ev_click(table.layout().buttons["declare"].center))


def won(app, table, results: str) -> None:
    """The show's question (Enter confirms), the win, the coach done, the results with New game."""
    assert top_name(app) == "confirm"
    keys(app, pygame.K_RETURN)
    assert table.state.phase == OVER and table.state.result.winner == 0
    assert coach(app, table) == "done"
    assert wait_for(app, lambda: top_name(app) == results, 5)
    assert button(app, "New game") is not None  # the next step: a real game
    assert app.stats.totals()["hands_played"] == 0  # a practice hand is never counted


def wrong_show_is_explained(app, table, throw: str, words: str) -> None:
    """Drawn, ``throw`` selected and F: the groups are no show yet, which is said (``words``), and
    nothing is charged."""
    keys(app, pygame.K_n)
    select(app, table, throw)
    keys(app, pygame.K_f)
    assert top_name(app) == table.name and table.message[1] == "bad"
    assert table.message[0].startswith(words), table.message
    assert table.state.out[0] is None and table.tutorial.tried


def leaving_the_script_is_said(app, table, open_card: str, throw: str) -> None:
    """T at the start takes the open card (allowed, not the script): the coach says so; throwing it
    back is refused, another card is thrown, and the opponent plays on."""
    keys(app, pygame.K_t)
    assert table.state.phase == "discard" and coach(app, table) == "pure"
    assert table.tutorial.note(table.state).startswith("You left the script")
    focus(app, table, open_card)
    keys(app, pygame.K_d)  # refused: the card just taken stays this turn
    focus(app, table, throw)
    keys(app, pygame.K_d)
    assert wait_for(app, lambda: table.state.turn == 0 and table.state.phase == "draw", 5)  # the opponent played on
    assert table.tutorial.off_script and table.state.phase != OVER


def first_start_offers_it(app, caption: str, scene: str, game: str) -> None:
    """The first start of a ``caption`` game from New game offers its guided hand (Enter takes it),
    once only; Esc goes straight to the game."""
    app.settings.tutorials_offered = []
    app.reset_to(app.make("title"))
    new_game_of(app, caption).start_now()
    assert top_name(app) == "confirm" and app.settings.tutorials_offered == [game]
    keys(app, pygame.K_RETURN)  # Enter: the guided hand
    assert top_name(app) == scene and app.top.tutorial is not None and app.top.match.practice
    app.reset_to(app.make("title"))
    new_game_of(app, caption).start_now()  # offered once only
    assert top_name(app) == scene and app.top.tutorial is None
    app.settings.tutorials_offered = []
    app.reset_to(app.make("title"))
    new_game_of(app, caption).start_now()
    keys(app, pygame.K_ESCAPE)  # Esc: straight to the game
    assert top_name(app) == scene and app.top.tutorial is None and not app.top.match.practice


def menu_replays_it(app, table, script: type) -> None:
    """The menu of a game's ``table`` (a real game) offers Tutorial, which opens that game's guided hand."""
    table.open_menu()
    click_widget(app, button(app, "Tutorial"))
    again = app.top
    assert again.name == table.name and isinstance(again.tutorial, script) and again.match.practice


def _resize(app, size: tuple[int, int]) -> None:
    if app.screen.get_size() != size:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])


def bubble_fits(app, table) -> None:
    """The coach's bubble at this step, its hint shown or not, fits in its room, its words neither
    cut nor over anything nor under anything (the layout check's rules), at the smallest window in
    the pseudo-language (every message 40 % longer) and in English at every size of the layout check."""
    before, tried = app.screen.get_size(), table.tutorial.tried
    try:
        for language, sizes in ((pseudo.Everything(), SIZES[:1]), (i18n._load(i18n.ENGLISH), SIZES)):
            i18n._current = language
            getattr(table, "_counts", {}).clear()  # the notes over the hand, kept in the language they were made in
            for size in sizes:
                _resize(app, size)
                step = table.tutorial.current
                hinted = bool(step.hint) or step.key in table.tutorial.GROUPS  # a wrong try adds a hint
                for table.tutorial.tried in (False, True) if hinted else (False,):
                    table._layout = None
                    bubble = place_bubble(table, table.layout())
                    assert bubble is not None and bubble.fits, (step.key, size, bubble)
                    with textdraw.recording() as rec:
                        app.dirty = True
                        app.draw()
                        found = textdraw.problems(rec.items, size)
                    words = bubble.title + bubble.lines
                    found = [f for f in found if any(f"'{line}'" in f for line in words)]  # the bubble's own
                    assert not found, (step.key, size, found)
    finally:
        i18n.set_language(i18n.ENGLISH)
        getattr(table, "_counts", {}).clear()
        table.tutorial.tried = tried
        _resize(app, before)
        table._layout = None
