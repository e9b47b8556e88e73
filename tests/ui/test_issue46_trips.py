"""Issue 46's "Trips" (the small things a newcomer trips over), each kept fixed by a headless test
that drives the scenes as a player would: New game opens on the game and seats played last (from
the New game screen or from a match's Menu); Sort keeps the player's own groups; the Tutorial names
its keys (and is played by them) and says what comes next; the Skill plot; the half rule's note,
the Hint's words and the Review's rows; Marriage's expose words, maal and hot-seat passes; joining
a table of another game, the join filled in again, and a network player away."""

from __future__ import annotations

import pygame

from game.ui.drive import button, click_widget, new_game_of, top_name
from game.ui.selftest import wait_for


def game_choice(ng):
    return next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Game")


# --- 12. New game remembers the game and seats played last ----------------------------------------

def test_new_game_opens_on_the_game_and_seats_started_last(app) -> None:
    app.reset_to(app.make("title"))
    ng = new_game_of(app, "Marriage")
    ng.add_seat()
    assert len(ng.seats) == 3
    ng.start_now()
    assert top_name(app) == "marriage_table"
    app.reset_to(app.make("title"))
    click_widget(app, button(app, "New game"))
    again = app.top
    assert again.game == "marriage" and game_choice(again).value == "Marriage"
    assert [s.level for s in again.seats] == [s.level for s in ng.seats]
    assert app.store.load_settings().last_game == "marriage"  # kept across runs


def test_menu_new_game_opens_on_the_match_just_played(app) -> None:
    from tests.ui.test_marriage_table import new_match, open_table

    table = open_table(app, new_match(names=("You", "Meena", "Ravi"), levels=("Human", "Medium", "Easy")))
    app.open("menu", table)
    click_widget(app, button(app, "New game"))
    ng = app.top
    assert top_name(app) == "newgame"
    assert ng.game == "marriage"
    assert [(s.name, s.level) for s in ng.seats] == [("You", "Human"), ("Meena", "Medium"), ("Ravi", "Easy")]


def test_sort_keeps_a_half_built_group_sorted_within_and_sorts_the_loose_cards(app) -> None:
    from game.core.cards import KIND_OF, parse_kind, suit_of
    from tests.ui.test_indian13_table import group_of, rigged_table

    table = rigged_table(app, "7S 7H 7D 2C 9H KD 4S 5C JH QS 3D 8C 10H")
    half = group_of(table, "JH 9H")  # a run waiting for its 10♥: not a meld yet
    table.selected = set(half)
    table.group_selected()
    table.sort()
    mine = table.hand_groups()
    words = [[KIND_OF[c] for c in g] for g in mine.groups]
    assert [parse_kind("9H"), parse_kind("JH")] in words  # kept whole, sorted within
    assert sorted(mine.cards()) == sorted(table.obs.hand)
    rest = [g for g in mine.groups if set(g) != set(half)]
    assert all(len({suit_of(KIND_OF[c]) for c in g}) == 1 for g in rest)  # the loose cards by suit


# --- 12. the Tutorial: its words name the keys, every step is played by them, and it says what next -

def test_every_tutorial_step_names_its_keys_and_the_keys_play_the_whole_hand(app) -> None:
    from game.core.cards import KIND_OF, parse_kind
    from game.ui.vazhushal.tutorial import STEPS
    from game.vazhushal.state import OVER
    from tests.ui.helpers import ev_key

    mouse = ("click", "drag", "Drag")
    for step in STEPS:  # a step done by mouse says how it is done by keys too
        if any(word in step.words for word in mouse):
            assert any(key in step.words for key in ("Space", "Enter", " D", "N)", " M", "←→")), step.key

    app.reset_to(app.make("title"))
    click_widget(app, button(app, "Tutorial: your first hand"))
    click_widget(app, button(app, "Vazhushal"))  # the chooser of the games with a guided hand
    table = app.top
    assert table.tutorial is not None

    def keys(*ks: int) -> None:
        app.step([ev_key(k) for k in ks])

    def focus(zone: str, token: str) -> None:
        """Arrow keys only: to ``zone``, then along it to the card ``token``."""
        for _ in range(4):
            if table.cursor[0] == zone:
                break
            keys(pygame.K_UP if zone == "line" else pygame.K_DOWN)
        assert table.cursor[0] == zone
        keys(*[pygame.K_LEFT] * 30)
        for _ in range(30):
            i = table.cursor[1]
            c = (table.state.line[i - 1] if i else None) if zone == "line" else table.cursor_card()  # 0: the stock
            if c is not None and KIND_OF[c] == parse_kind(token):
                return
            keys(pygame.K_RIGHT)
        raise AssertionError(f"no {token} in {zone}")

    def select(tokens: str) -> None:
        for token in tokens.split():
            focus("hand", token)
            keys(pygame.K_SPACE)

    def current() -> str:
        app.step([])
        return table.tutorial.current.key if table.tutorial.current else "done"

    keys(pygame.K_n)
    assert current() == "meld"
    select("2S 3S 4S 5S 6S 7S")
    keys(pygame.K_m)
    assert current() == "discard"
    focus("hand", "KS")
    keys(pygame.K_d)
    assert wait_for(app, lambda: current() == "wipe", 20)
    focus("line", "JH")
    keys(pygame.K_RETURN)
    assert table.wipe is not None
    assert sorted(KIND_OF[c] for c in table.wipe.meld) == sorted(parse_kind(t) for t in ("9H", "10H", "JH"))
    keys(pygame.K_RETURN)
    assert current() == "discard2"
    focus("hand", "9C")
    keys(pygame.K_d)
    assert wait_for(app, lambda: current() == "draw2", 20)
    keys(pygame.K_n)
    assert current() == "layoff"
    select("8S")
    keys(pygame.K_1, pygame.K_RETURN)
    assert current() == "out"
    select("QC QD 2H")
    keys(pygame.K_m)
    focus("hand", "AC")
    keys(pygame.K_d)
    assert table.state.phase == OVER and table.state.result.winner == 0
    assert wait_for(app, lambda: top_name(app) in ("handover", "matchover"), 20)
    for _ in range(3):
        if top_name(app) == "matchover":
            break
        keys(pygame.K_RETURN)
    assert top_name(app) == "matchover"
    title, subtitle = app.top.headline()
    assert title == "You win the tutorial hand!" and subtitle.startswith("Next: a real game")
    click_widget(app, button(app, "New game"))
    assert top_name(app) == "newgame"


# --- 12. the Skill page: every bot line named, the player's line from the fifth hand, on the scale -

def test_the_skill_plot_names_every_bot_and_draws_the_player_from_the_fifth_hand_on_the_scale(app) -> None:
    from ai import skill

    app.reset_to(app.make("title"))
    app.open("stats")
    scene = app.top
    scene.toggle_skill()
    plot = pygame.Rect(700, 200, 360, 150)
    app.stats.rate("indian13", "m-h000", 1)
    one = scene.trend_marks(plot, "indian13", [e["d"] for e in app.stats.skill["indian13"]])
    assert one["points"] == []  # one hand: no dot yet (the text says the rating shows after 5)
    names = [name for name, _y, _ly in one["lines"]]
    # every level a player picks among is named (Hard, merged into Medium, is not offered: no line)
    assert sorted(names) == sorted(scene.kept_levels("indian13")) and {"Medium", "Expert"} <= set(names)
    labels = [ly for _n, _y, ly in one["lines"]]
    assert all(b - a >= scene.fs(13) for a, b in zip(labels, labels[1:]))  # none on another
    for i in range(1, skill.FEWEST):
        app.stats.rate("indian13", f"m-h{i:03}", 1)
    app.draw()
    marks = scene.trend_marks(plot, "indian13", [e["d"] for e in app.stats.skill["indian13"]])
    inner = marks["inner"]
    assert len(marks["points"]) == skill.FEWEST
    assert all(inner.top <= y <= inner.bottom for _x, y in marks["points"])  # every point on the scale


# --- 9. words: the half rule, the Hint's button word and its identical copy, the Review's rows -----

def test_the_half_rule_note_is_a_plain_sentence() -> None:
    from game.indian21 import RuleSet
    from game.indian21.deck import KIND
    from game.ui.indian21.hand import points_note
    from game.ui.indian21.match import Indian21Match
    from game.ui.match import SeatSetup

    match = Indian21Match.new([SeatSetup("You", "Human"), SeatSetup("Meena", "Medium")], RuleSet(players=2), 5)
    state = match.state
    seat = state.turn
    note = points_note([[KIND[c] for c in state.hands[seat]]], state, seat)  # before any turn
    assert "halved before your turn" in note and "half:" not in note


def test_the_hint_names_the_declare_button_not_show() -> None:
    from ai.indian21.review import describe
    from game.indian21 import Action

    words = describe(Action.declare(0, parse("JH"), [[parse("2S"), parse("3S"), parse("4S")]]), None)
    assert words.startswith("declare, finishing with J♥")


def parse(token: str) -> int:
    from game.core.cards import parse_kind

    return parse_kind(token)


def test_the_hint_to_discard_the_twin_of_the_card_just_taken_says_why(app) -> None:
    from ai.rating import Option
    from game.core.cards import KIND_OF
    from game.indian21 import Action
    from tests.ui.helpers import ev_key
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "8C 2S 3S 4S 9H 10H JH 5C 5H KD KS 7S 2H 4C 6C QS QH 6D 9S 5D 3D")
    s = table.state
    other = next(c for c in s.stock if KIND_OF[c] == parse("8C"))
    s.stock.remove(other)
    s.discard.append(other)
    table.refresh()
    app.step([ev_key(pygame.K_t)])
    assert table.state.taken_discard == other
    table.follow_hint(Option((Action.discard(0, parse("8C")).to_json(),), "discard 8♣", 0.5, 0.0))
    words = table.message[0]
    assert words.startswith("Hint: Discard 8♣ — your other 8♣: the one just taken stays this turn"), words
    assert table.selected and other not in table.selected  # the copy that may go is the one selected


def test_the_review_rows_say_a_move_once_and_hide_a_zero_noise() -> None:
    from ai.rating import Decision, Option
    from game.ui.scenes.review import noise_words, row_words

    draw = Option(({"type": "draw_stock"},), "draw from the stock", 0.5, 0.0)
    discard = Option(({"type": "discard"},), "discard K♠", 0.5, 0.0)
    d = Decision(0, 0, "draw", draw, draw, (), 0.0, 0.0, "best", "")
    assert row_words(d) == "Draw from the stock"
    assert row_words(Decision(0, 0, "play", discard, discard, (), 0.0, 0.0, "best", "")) == "Play: discard K♠"
    assert noise_words(0.001) == "" and noise_words(0.03) == "± 3 % noise"


# --- 10. Marriage: the expose words, the maal of exposed tunnelas, no pass screen for nothing -----

def test_marriage_hot_seat_passes_the_device_only_to_a_person_with_a_tunnela_to_expose(app) -> None:
    from game.marriage import Action, legal_actions
    from game.marriage.state import DRAW, EXPOSE
    from tests.ui.test_marriage_table import new_match, open_table

    table = open_table(app, new_match(names=("Ann", "Ben", "Cat"), levels=("Human",) * 3, seed=5))
    assert table.state.phase == EXPOSE
    passes = []
    for _ in range(40):
        app.step([])
        s = table.state
        if top_name(app) == "pass":
            seat = app.top.seat
            nothing = s.phase == EXPOSE and legal_actions(s) == [Action.expose(seat)]
            passes.append((seat, s.phase, nothing))
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
            if s.phase == EXPOSE and not nothing:
                table.keep_tunnelas()  # Ben keeps his tunnela in hand
        elif s.phase == DRAW and table.pass_to is None and not table.hidden:
            break
    assert table.state.phase == DRAW
    assert [(seat, phase) for seat, phase, _ in passes] == [(1, EXPOSE), (table.state.turn, DRAW)], passes
    assert not any(nothing for _s, _p, nothing in passes)  # never passed for nothing to decide
    assert table.viewer == table.state.turn and not table.hidden


def test_marriage_expose_words_before_exposing_and_the_goal_in_plain_words(app) -> None:
    from game.marriage.state import EXPOSE
    from game.ui.marriage.hand import see_goal, see_progress
    from tests.ui.test_marriage_table import rigged

    table = rigged(app, "7S 7S 7S 2S 3S 9H 10H JH 5C 5H KD KS 4C 8C QS QH 6C 9S 5D 2H 3D", phase=EXPOSE)
    words = table.status_words()[0]
    assert "if you expose it, it scores maal points" in words, words
    assert see_goal(1, False) == "2 more pure combinations (your exposed tunnela counts as one)"
    assert see_goal(2, False) == "1 more pure combination (your 2 exposed tunnelas count as 2)"
    progress = see_progress([], [], 1, False)
    assert progress.endswith("(your exposed tunnela counts as one), none grouped yet"), progress
    assert "(0 grouped)" not in progress


def test_marriage_results_list_the_maal_of_exposed_tunnelas() -> None:
    from types import SimpleNamespace

    from game.marriage.deck import KIND
    from game.ui.marriage.results import maal_cards

    def card(token: str, skip: int = 0) -> int:
        return [c for c in range(len(KIND)) if KIND[c] == parse(token)][skip]

    sevens = [card("7S", i) for i in range(3)]
    state = SimpleNamespace(tiplu=card("5D"), hands=[[card("KC")]], shown=[[]], exposed=[[sevens]])
    assert maal_cards(state, 0)[:3] == [parse("7S")] * 3  # an ordinary tunnela scores 5 (M10.1)


# --- 11. network: the join learns the table's game, and is filled in again after a drop ----------

def test_joining_by_address_learns_the_tables_game_and_fills_in_the_last_join(app, monkeypatch) -> None:
    from game.net.host import Host
    from game.net.table import BOT, NETWORK, SeatPlan
    from tests.net.helpers import network_table, on_host

    monkeypatch.setenv("VAZHUSHAL_NET_INTERFACES", "127.0.0.1")  # loopback only, discovery too
    host = Host("127.0.0.1", 0).start()
    try:
        table = network_table("marriage", [SeatPlan("Seat 1", NETWORK), SeatPlan("Meena", BOT, "Easy")])
        host.add(table)
        app.reset_to(app.make("title"))
        click_widget(app, button(app, "Join a table"))
        join = app.top
        assert list(app.games)[join.game.index] != "marriage"  # the player did not pick the host's game
        join.player.value, join.address.value, join.code.value = "Ravi", f"127.0.0.1:{host.port}", table.code
        join.join()
        assert wait_for(app, lambda: app.network is not None and app.network.front.name == "marriage"
                        and app.network.tokens != [], 10), (top_name(app), getattr(app.top, "problem", ""))
        assert on_host(host, lambda: table.seats[0].plan.name) == "Ravi"
        app.network.close()
        app.network = None
    finally:
        host.stop()
    app.reset_to(app.make("title"))  # after the drop: Join a table again
    click_widget(app, button(app, "Join a table"))
    again = app.top
    assert (again.player.value, again.address.value, again.code.value) == ("Ravi", f"127.0.0.1:{host.port}",
                                                                           table.code)
    assert list(app.games)[again.game.index] == "marriage"
    again.back()


def test_a_network_player_away_is_shown_away_not_thinking(app, monkeypatch) -> None:
    from types import SimpleNamespace

    from game.ui import textdraw
    from game.ui.inhand.view import opponent_heading
    from game.ui.lobby.remote import RemoteMatch
    from tests.ui.test_indian13_table import rigged_table

    class Seats(RemoteMatch):
        def table_seat(self, seat: int) -> int:
            return seat

    remote = Seats()
    remote.net = SimpleNamespace(info={"seats": [{"kind": "here", "away": None}, {"kind": "network", "away": 42.0},
                                                 {"kind": "bot", "away": None}]})
    assert [remote.away(i) for i in range(3)] == [False, True, False]

    table = rigged_table(app, "7S 7H 7D 2C 9H KD 4S 5C JH QS 3D 8C 10H")
    seat = table.state.turn
    monkeypatch.setattr(table.match, "is_human", lambda s: False)  # the seat to play is another screen's
    for away, words in ((True, "away"), (False, "thinking")):
        monkeypatch.setattr(table.match, "away", lambda s, away=away: away)
        with textdraw.recording() as rec:
            opponent_heading(table, app.screen, pygame.Rect(10, 10, 300, 80), seat, 0, 0)
        assert any(d.words.startswith(words) for d in rec.items if d.kind == "text"), [d.words for d in rec.items]


# --- 11. The news is told again after a rejoin (and when a saved match is continued) ----------------

def test_the_news_of_a_deal_is_told_again_by_a_new_table_of_the_same_match(app) -> None:
    """A table opened on a deal already under way (a network table rejoined, a saved match continued)
    shows the news the table that played it showed, takes from the discard pile included, in every
    in-hand game: the news is rebuilt from the deal's public history."""
    import random

    from game.indian13.rules import RuleSet as Rules13
    from tests.ui import test_indian13_table as t13
    from tests.ui import test_indian21_table as t21
    from tests.ui import test_marriage_table as tm

    names, levels = ["You", "Meena", "Ravi"], ["Human", "Human", "Human"]
    tables = [t13.open_table(app, names, levels, Rules13(players=3)),
              t21.new_table(app, names=names, levels=levels),
              tm.open_table(app, tm.new_match(names=names, levels=levels))]
    for table in tables:
        front, rng, takes = table.bot_front.engine, random.Random(7), 0
        for _ in range(40):
            for _try in range(50):
                action = front.random_action(table.state, rng)
                if action.type in ("draw_stock", "take_discard", "discard", "expose"):
                    break
            else:
                break
            takes += action.type == "take_discard"
            assert table.play(action), table.message
        assert takes and len(table.news) == 6, (table.name, takes, table.news)
        again = app.open(table.name, table.match)
        assert again.news == table.news, (table.name, again.news, table.news)
