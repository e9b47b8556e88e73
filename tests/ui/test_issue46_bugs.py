"""Issue 46's bugs 1 and 3-8, each kept fixed by a headless test that drives the scenes as a
player would (synthetic keys and clicks, or the scenes' own commands): identical cards keep the
player's arrangement, network names, the New game screen's Enter, Same cards' words, the turn
timer's safe move, the statistics of hot-seat hands, Vazhushal's hint count, and the leftovers
(Undo after the deal, the replay's last step, the Marriage note at the pass screen, the Join
screen's prompt)."""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF, parse_kind
from game.ui.inhand.groups import HandGroups
from game.ui.selftest import wait_for
from tests.ui.helpers import ev_key


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def group_kinds(groups) -> list[list[int]]:
    return [[KIND_OF[c] for c in g] for g in groups]


# --- 1. identical cards: the player's arrangement survives whichever copy the engine moves ---------

def split_twins(app, table) -> tuple[list[list[int]], int]:
    """On the viewer's discard: one 5♦ in a run 4♦ 5♦ 6♦ (the copy the engine would take first),
    the other 5♦ alone at the end.  Returns the groups (kinds) expected after that lone 5♦ goes, and it."""
    hand = table.state.hands[table.viewer]
    first, twin = [c for c in hand if KIND_OF[c] == parse_kind("5D")][:2]
    run = [next(c for c in hand if KIND_OF[c] == parse_kind("4D")), first,
           next(c for c in hand if KIND_OF[c] == parse_kind("6D"))]
    rest = [c for c in table.hand_groups().cards() if c not in run and c != twin]
    table.groups[table.viewer] = HandGroups([run, rest, [twin]])
    table.undo.pop(table.viewer, None)
    table.refresh()
    return group_kinds([run, rest]), twin


def discard_twin_by_keys(app, table) -> None:
    """Draw by N, split the twins, then discard the lone copy: focused by → and discarded by D."""
    app.step([ev_key(pygame.K_n)])
    assert table.state.phase == "discard"
    expected, twin = split_twins(app, table)
    table.selected = {twin}
    app.step([ev_key(pygame.K_d)])
    assert table.state.turn != table.viewer
    assert KIND_OF[table.state.discard[-1]] == parse_kind("5D")
    mine = table.groups[table.viewer]
    assert group_kinds(mine.groups) == expected, "the run lost its 5♦ and the lone one stayed"
    assert sorted(mine.cards()) == sorted(table.state.hands[table.viewer])


def test_discarding_one_of_two_identical_cards_keeps_the_players_groups_21_cards(app) -> None:
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "4D 5D 6D 2S 3S 9H 10H JH 5C 5H KD KS 7S 2H 4C 8C QS QH 6C 9S 5D")
    discard_twin_by_keys(app, table)


def test_discarding_one_of_two_identical_cards_keeps_the_players_groups_13_cards(app) -> None:
    from tests.ui.test_indian13_table import rigged_table

    table = rigged_table(app, "4D 5D 6D 2S 3S 9H 10H JH 5C KD 7S 2H 5D")
    assert table.state.rules.decks == 2
    discard_twin_by_keys(app, table)


def test_discarding_one_of_two_identical_cards_keeps_the_players_groups_marriage(app) -> None:
    from tests.ui.test_marriage_table import rigged

    table = rigged(app, "4D 5D 6D 2S 3S 9H 10H JH 5C 5H KD KS 7S 2H 4C 8C QS QH 6C 9S 5D")
    assert wait_for(app, table.my_turn, 10)
    discard_twin_by_keys(app, table)


def test_declaring_with_one_of_identical_cards_keeps_the_shown_groups(app) -> None:
    """A winning show whose finish card has a twin in a group: the groups shown stay whole."""
    from game.ui.indian21.hand import HandGroups as Groups21
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "4D 4D 4D 10S 10S 10S QH QH QH 2C 3C 4C 5H 6H 7H 8S 9S 10C JD QD 3C")
    app.step([ev_key(pygame.K_n)])
    me = table.viewer
    held = table.state.hands[me]
    first, finish = [c for c in held if KIND_OF[c] == parse_kind("3C")][:2]
    tunnelas = [[c for c in held if KIND_OF[c] == k] for k in kinds("4D 10S QH")]
    run = [next(c for c in held if KIND_OF[c] == parse_kind("2C")), first,
           next(c for c in held if KIND_OF[c] == parse_kind("4C"))]
    rest = [c for c in held if c != finish and not any(c in g for g in [*tunnelas, run])]
    table.groups[me] = Groups21([*tunnelas, run, rest, [finish]])
    table.refresh()
    expected = group_kinds([*tunnelas, run, rest])
    table.selected = {finish}
    app.step([ev_key(pygame.K_f)])
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.phase == "over" and table.state.result.winner == me
    assert group_kinds(table.groups[me].groups) == expected, "a group lost the finish card's twin"


# --- 4. the New game screen: Enter starts the game, whatever choice is focused -------------------

def test_enter_on_a_focused_choice_starts_the_game_and_keeps_the_choice(app) -> None:
    from game.ui.selftest import top_name

    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    scene.set_game(list(app.games).index("indian21"))
    game = scene.rule_widgets[0]
    scene.form.focus = scene.form.focusable().index(game)
    assert scene.form.focused is game and game.value == app.games["indian21"].title
    app.step([ev_key(pygame.K_RETURN)])
    assert scene.game == "indian21", "Enter changed the focused choice"
    assert top_name(app) in ("table21", "pass"), top_name(app)


# --- 8. leftovers: Undo after the deal, the replay's last step, the Marriage note, the Join prompt -------

def test_the_join_screens_prompt_for_the_code_goes_once_the_code_is_typed(app) -> None:
    from types import SimpleNamespace

    from game.ui.lobby.scenes import JoinScene

    scene = JoinScene(app)  # not entered: it looks for no table on the network
    try:
        scene.pick(SimpleNamespace(where="127.0.0.1:7777", game="indian13"))
        assert "type the table's code" in scene.problem and scene.form.focused is scene.code
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="abc"))
        assert "type the table's code" in scene.problem  # half a code: still asked for
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="234"))
        assert scene.code.value == "abc234" and scene.problem == ""
    finally:
        scene.browser.close()


def three_tunnelas_declared(app, **seats):
    """A 21-card table where You (seat 0) showed three tunnelas and won, the groups arranged by
    Group (so there is a change to undo)."""
    from game.ui.selftest import top_name
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "4D 4D 4D 10S 10S 10S QH QH QH 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C", **seats)
    if top_name(app) == "pass":  # hot seat: the first player too takes the device
        app.top.ready()
    app.step([ev_key(pygame.K_n)])
    me = table.viewer
    held = table.state.hands[me]
    finish = held[-1]
    for k in kinds("4D 10S QH"):
        table.selected = {c for c in held if KIND_OF[c] == k}
        app.step([ev_key(pygame.K_g)])
    table.selected = {finish}
    app.step([ev_key(pygame.K_0)])  # the finish card alone
    table.selected = {finish}
    app.step([ev_key(pygame.K_f), ev_key(pygame.K_RETURN)])
    assert table.state.phase == "over" and table.state.result.winner == me
    return table


def test_undo_is_greyed_and_refused_once_the_deal_is_over(app) -> None:
    table = three_tunnelas_declared(app)
    groups = [list(g) for g in table.hand_groups().groups]
    assert table.undo[table.viewer].can_undo  # changes were made during the deal
    assert not table.buttons["undo"].enabled
    app.step([ev_key(pygame.K_u)])
    assert table.hand_groups().groups == groups and "over" in table.message[0]


def test_the_replays_last_step_shows_the_totals_after_the_deal(app, monkeypatch) -> None:
    from game.ui.inhand import view

    table = three_tunnelas_declared(app)
    match = table.match
    doc = match.last_replay  # the finished deal's replay (the app has taken it to save)
    assert doc is not None
    after = list(match.series.totals)
    assert any(after)
    app.reset_to(app.make("title"))
    viewer = app.open("replay", doc, start=len(doc["actions"]))
    said: list[str] = []
    real = view.label
    monkeypatch.setattr(view, "label", lambda surf, words, *a, **k: (said.append(words), real(surf, words, *a, **k)))
    app.dirty = True
    app.draw()
    opponents = [s for s in range(match.state.players) if s != viewer.seat]
    assert opponents and all(f"total {after[s]}" in said for s in opponents), (said, after)
    # the table itself, once the deal is over, says the same
    assert [view.seat_total(table, s) for s in range(2)] == after


def test_the_no_tunnela_note_never_reaches_the_next_player_of_a_hot_seat(app) -> None:
    from game.ui.selftest import top_name
    from tests.ui.test_marriage_table import rigged

    none = "AS 2S 3S 9H 10H JH 5C 6C 7C KD QD 7S 2H 4C 8D QS QH 6H 9S 3D JC"
    table = rigged(app, none, phase="expose", names=("Ann", "Bob"), levels=("Human", "Human"))
    app.step([])  # Ann holds no tunnela: her expose plays by itself, with no pass screen (issue 46, trip 10)
    assert table.state.history and table.state.history[0]["groups"] == []
    assert top_name(app) == "pass"  # the device goes to the next person with something to do
    app.top.ready()
    assert "no tunnela" not in table.message[0], table.message
    assert any("Ann" in line and "tunnela" in line for line in table.news), table.news


# --- 5. Same cards: each column names its own player, a loss names who won and how -------------------

def test_same_cards_says_who_showed_when_the_seat_lost() -> None:
    from ai.same_cards import Ending
    from game.ui.replay.samecards import ending_words

    names = ["You", "Meena", "Bot 2"]
    lost = Ending(0.0, "declared", [2], 9, 40, 35.0, "points")
    assert ending_words(lost, names, 0)[0] == "Lost: Bot 2 showed"
    won = Ending(1.0, "declared", [0], 9, 40, 0.0, "points")
    assert ending_words(won, names, 0)[0] == "Won (a show)"
    void = Ending(0.0, "void", [], 9, 40, None, "points")
    assert "void" in ending_words(void, names, 0)[0] and "declared" not in ending_words(void, names, 0)[0]


def test_same_cards_tells_the_levels_move_with_the_levels_name(app) -> None:
    from game.indian13 import RuleSet
    from game.indian13.simulate import plain_action
    from game.ui.indian13.match import Indian13Match
    from game.ui.match import HUMAN, SeatSetup

    match = Indian13Match.new([SeatSetup("You", HUMAN), SeatSetup("Meena", "Easy")], RuleSet(players=2), 5)
    while match.state.result is None:
        match.play(plain_action(match.state))
    doc = match.take_replay()
    app.reset_to(app.make("title"))
    scene = app.open("samecards", doc, 0, "Medium")
    assert wait_for(app, lambda: scene.job.finished.is_set(), 60)
    result = scene.job.result
    assert scene.job.error is None, scene.job.error
    assert result is not None and result.first_difference is not None and result.difference_seat == 0
    mine, theirs = scene.job.moves
    assert mine.startswith("You ") and theirs.startswith("Medium "), (mine, theirs)
    app.step([])
    app.draw()


# --- 7. the turn timer's safe move is said as one; statistics of hot seat; Vazhushal's hint count ------

def test_a_safe_move_of_the_turn_timer_is_said_as_one_not_as_the_players(app, monkeypatch) -> None:
    """A joiner who lets the time run out reads "Time ran out: a safe move drew…", never "Ravi drew…"."""
    monkeypatch.setenv("VAZHUSHAL_NET_INTERFACES", "127.0.0.1")  # loopback only
    from game.net.host import Host
    from game.net.table import BOT, NETWORK, Options, SeatPlan
    from game.ui.lobby.scenes import JoinScene
    from game.ui.selftest import top_name
    from tests.net.helpers import network_table

    host = Host("127.0.0.1", 0).start()
    join = None
    try:
        table = network_table("indian21", [SeatPlan("Seat 1", NETWORK), SeatPlan("Meena", BOT, "Easy")],
                              options=Options(turn_s=0.3, bank_s=0.0, bot_delay_s=0.0))
        table.on_change = lambda t, why: t.start() if why == "join" and not t.started else None
        host.add(table)
        app.reset_to(app.make("title"))
        join = JoinScene(app)  # not entered: it looks for no table on the network
        join.game.index = list(app.games).index("indian21")
        join.player.value, join.address.value, join.code.value = "Ravi", f"127.0.0.1:{host.port}", table.code
        join.join()
        assert wait_for(app, lambda: top_name(app) == "table21", 10), top_name(app)
        scene = app.top
        assert wait_for(app, lambda: any(line.startswith("Time ran out") for line in scene.news), 15), scene.news
        said = [line for line in scene.news if "drew from the stock" in line or "discarded" in line]
        assert "Time ran out: a safe move drew from the stock" in said, said
        assert not any(line.startswith(("Ravi drew", "Ravi discarded", "You drew", "You discarded")) for line in said)
    finally:
        if join is not None:
            join.browser.close()
        if app.network is not None:
            app.network.leave(app.top)
        host.stop()


def test_a_hot_seat_hand_among_people_is_not_counted_and_the_statistics_say_so(app, monkeypatch) -> None:
    from game.ui.scenes import stats as stats_scene

    table = three_tunnelas_declared(app, names=("Ann", "Bob"), levels=("Human", "Human"))
    assert len(table.match.humans) == 2
    assert app.stats.totals()["hands_played"] == 0 and not app.stats.games.get("indian21", {}).get("hands_played")
    said: list[str] = []
    real = stats_scene.label
    monkeypatch.setattr(stats_scene, "label", lambda surf, words, *a, **k: (said.append(words),
                                                                            real(surf, words, *a, **k)))
    app.reset_to(app.make("title"))
    app.open("stats")
    app.dirty = True
    app.draw()
    assert any("not counted" in line for line in said), said


def test_vazhushals_hint_counts_once_a_decision_however_often_h_is_pressed(app) -> None:
    from game.vazhushal import DRAW
    from tests.ui.helpers import my_turn_match, open_table

    match = my_turn_match("5H 6H 7H 9C 9D 9S KS", phase=DRAW)
    table = open_table(app, match)
    table.hint_iterations = 4
    for _ in range(3):  # the same decision asked three times
        app.step([ev_key(pygame.K_h)])
        assert wait_for(app, lambda: table.hint_job is None, 30)
    assert match.hints == [1, 0]
    table.play(table.hint.actions[0])  # the next decision: counted again
    app.step([ev_key(pygame.K_h)])
    assert wait_for(app, lambda: table.hint_job is None, 30)
    assert match.hints == [2, 0]


# --- 3. network names: no seat is called "You" at a table every screen reads -----------------------------

def test_the_hosts_seat_is_never_called_you_at_a_network_table(app, monkeypatch) -> None:
    from game.ui.lobby import scenes

    opened = []

    def host_table(app, front, table, name):  # no server: the table as it would be served
        opened.append((table, name))
        raise OSError("not served in this test")

    monkeypatch.setattr(scenes, "host_table", host_table)
    app.reset_to(app.make("title"))
    scene = app.open("host")
    scene.set_game(list(app.games).index("indian21"))
    assert scene.seats[0].name == "You"  # the screen's default for the person here
    scene.start_now()
    (table, name), = opened
    names = [s.plan.name for s in table.seats]
    assert "You" not in names and names[0] == "Host", names
    assert name == ""  # the table is not advertised as "You's table" nor "Host's table"


# --- 6. the same keys at every table: D the focused card, ↑/↓ between groups, F1 the rule's page ---------

def test_d_discards_the_focused_card_with_nothing_selected(app) -> None:
    from tests.ui.test_indian13_table import rigged_table

    table = rigged_table(app, "4D 5D 6D 2S 3S 9H 10H JH 5C KD 7S 2H 9C")
    app.step([ev_key(pygame.K_n), ev_key(pygame.K_RIGHT), ev_key(pygame.K_RIGHT)])
    card = table.focused_card()
    assert card is not None and not table.selected
    app.step([ev_key(pygame.K_d)])
    assert table.state.discard[-1] == card and table.state.turn != table.viewer


def test_up_and_down_move_the_focus_between_groups(app) -> None:
    from tests.ui.test_marriage_table import HAND, rigged

    table = rigged(app, HAND)
    groups = table.hand_groups().groups
    assert len(groups) >= 3
    app.step([ev_key(pygame.K_RIGHT)])  # the focus comes onto the hand: the first card
    assert table.focused_card() == groups[0][0]
    app.step([ev_key(pygame.K_DOWN)])
    assert table.focused_card() == groups[1][0]
    app.step([ev_key(pygame.K_DOWN), ev_key(pygame.K_UP)])
    assert table.focused_card() == groups[1][0]
    app.step([ev_key(pygame.K_UP)])
    assert table.focused_card() == groups[0][0]


def test_f1_opens_the_page_of_the_rule_a_message_is_about(app) -> None:
    from game.ui.selftest import top_name
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "4D 5D 6D 2S 3S 9H 10H JH 5C 5H KD KS 7S 2H 4C 8C QS QH 6C 9S 5D")
    s = table.state  # an 8♦ (no joker: 7♥ is cut) on the discard pile, swapped with one of the stock
    i = next(i for i, c in enumerate(s.stock) if KIND_OF[c] == parse_kind("8D"))
    s.stock[i], s.discard[-1] = s.discard[-1], s.stock[i]
    app.step([ev_key(pygame.K_t)])  # the 8♦ taken from the discard pile...
    taken = table.state.taken_discard
    assert taken is not None and KIND_OF[taken] == parse_kind("8D")
    table.cursor = table.shown_cards().index(taken)
    app.step([ev_key(pygame.K_d)])  # ... may not be discarded this turn: the engine refuses (its rule T4.3)
    words = table.message[0]
    assert table.message[1] == "bad" and table.message_rule == "T4.3" and "T4" not in words
    app.step([ev_key(pygame.K_F1)])
    assert top_name(app) == "howto"
    howto = app.top
    assert howto.game == "indian21" and howto.note == words
    assert howto.pages[howto.page][0] == "The aim"  # where drawing and discarding are explained


def test_discarding_one_of_two_identical_cards_keeps_the_players_groups_vazhushal(app) -> None:
    import random

    from game.vazhushal import PLAY, Action, apply, new_hand
    from tests.ui.helpers import human_vs_bot, open_table, rig

    match = human_vs_bot(3, players=3)  # three seats: two decks
    s = match.state
    assert s.rules.decks == 2
    if s.turn != 0:
        s = new_hand(s.rules, random.Random(3), s.seats, dealer=2)
    s = rig(s, 0, "8C 9C 10C 2S 9H KD")
    spare = next(c for c in s.hands[0] if KIND_OF[c] == parse_kind("KD"))
    mine = next(c for c in s.hands[0] if KIND_OF[c] == parse_kind("9C"))
    twin = next(c for c in [*s.stock[1:], *s.line, *(x for h in s.hands for x in h)]
                if KIND_OF[c] == parse_kind("9C") and c != mine)
    home = next(p for p in [s.stock, s.line, *s.hands] if twin in p)
    home[home.index(twin)] = spare
    s.hands[0][s.hands[0].index(spare)] = twin  # the second 9♣, after the first in the engine's hand
    s = apply(s, Action.draw_stock(0))
    match.state, match.undo_stack = s, [s]
    table = open_table(app, match)
    assert table.state.phase == PLAY and table.my_turn()
    hand = s.hands[0]
    twin, first = [c for c in hand if KIND_OF[c] == parse_kind("9C")][:2]  # the engine takes the last copy
    run = [next(c for c in hand if KIND_OF[c] == parse_kind("8C")), first,
           next(c for c in hand if KIND_OF[c] == parse_kind("10C"))]
    rest = [c for c in table.hand_order if c not in run and c != twin]
    table.hand_order, table.breaks = [*run, *rest, twin], {rest[0], twin}

    def groups() -> list[list[int]]:
        out: list[list[int]] = []
        for c in table.hand_order:
            if not out or c in table.breaks:
                out.append([])
            out[-1].append(KIND_OF[c])
        return out

    expected = groups()[:-1]
    table.selected = {twin}
    app.step([ev_key(pygame.K_d)])
    assert table.state.turn != 0 and first not in table.state.hands[0]  # the engine took the other copy...
    assert groups() == expected, "the run lost its 9♣ and the lone one stayed"


class FakeHost:
    """A network table's session as the table sees it: this screen's move goes to the host
    (``Sent``), and comes back later as the host's move, played by the engine then."""

    def __init__(self, seats) -> None:
        self.seats = set(seats)
        self.sent = None
        self.arriving = None

    def in_flight(self, seat: int) -> bool:
        return self.sent is not None and self.sent.player == seat

    def sync(self, match, table) -> None:
        pass

    def play(self, match, action):
        from game.ui.match import Sent

        if action is self.arriving:
            match.state = type(match).engine.apply(match.state, action)
            self.sent = None
            return match.state
        self.sent = action
        raise Sent()

    def answer(self, table) -> None:
        self.arriving, action = self.sent, self.sent
        table.play(action)
        self.arriving = None


def test_at_a_network_table_the_groups_follow_the_choice_when_the_move_comes_back(app) -> None:
    from game.ui.lobby.remote import remote_class
    from tests.ui.test_indian21_table import rigged_table

    table = rigged_table(app, "4D 5D 6D 2S 3S 9H 10H JH 5C 5H KD KS 7S 2H 4C 8C QS QH 6C 9S 5D")
    match = table.match
    match.__class__ = remote_class(type(match))
    match.net = host = FakeHost([0])
    table.draw_stock()
    host.answer(table)  # the draw comes back
    assert table.state.phase == "discard" and table.my_turn()
    expected, twin = split_twins(app, table)
    table.selected = {twin}
    app.step([ev_key(pygame.K_d)])
    assert host.sent is not None and host.sent.type == "discard"  # on its way: nothing changed yet
    host.answer(table)  # the host took the first copy, the one in the run
    assert table.state.turn != 0
    assert group_kinds(table.groups[0].groups) == expected, "the run lost its 5♦ and the lone one stayed"
    assert not any(line.startswith("Time ran out") for line in table.news)  # the player's own move
