"""The Marriage table, headless: the engine's labels for what a seat knows (M3, M13), the game's
save (M12 series), and the scene driven with synthetic events: the expose step, drawing, seeing the
maal, declaring (valid and not), discarding, the results, hot seat, the smallest window; and the
hidden information of M13 over whole deals: every screen drawn for a seat that has not seen is
searched for joker information (W badges, the tiplu, poplu/jhiplu/maal words)."""

from __future__ import annotations

import json
import random
import sys

import pygame
import pytest

from game.core.cards import kind_pretty, parse_kind
from game.marriage import Action, RuleSet, legal_actions, plain_action, see_options
from game.marriage.deck import KIND
from game.marriage.state import DISCARD, DRAW, EXPOSE, INVALID_FINISH, OVER
from game.ui.marriage.hand import DUBLEE, INVALID, HandGroups, label
from game.ui.marriage.match import MarriageMatch
from game.ui.selftest import button, top_name, wait_for
from tests import family
from tests.ui import inhand
from tests.ui.helpers import ev_click, ev_key
from tests.ui.inhand import kinds, seats


def rig(state, seat: int, wanted: list[int]) -> None:
    """Give ``seat`` exactly the cards ``wanted`` (kinds): every card stays once (M1.1)."""
    family.rig(state, seat, wanted, KIND)


def open_table(app, match):
    app.reset_to(app.make("title"))
    table = app.open("marriage_table", match)
    app.step([])
    return table


def new_match(names=("You", "Meena"), levels=("Human", "Medium"), seed=3, **options) -> MarriageMatch:
    rules = RuleSet(players=len(names), **options)
    return MarriageMatch.new(seats(list(names), list(levels)), rules, seed)


def cards_of(table, text: str) -> list[int]:
    return family.cards_of(table.obs.hand, kinds(text), KIND)


# --- what the engine says of a group, for what the seat knows -----------------------------------

def test_m3_labels_read_every_card_as_natural_before_seeing():
    tiplu = parse_kind("5D")
    assert label(kinds("8C 9C 5S"), tiplu) == "Dirty sequence"
    assert label(kinds("8C 9C 5S"), None) == INVALID  # M3.7: a seat that has not seen
    assert label(kinds("6H 6H 6H"), None) == "Tunnela"
    assert label(kinds("QS KS AS"), None) == "Pure sequence"
    assert label(kinds("4D 5D 6D"), tiplu) == "Pure sequence"  # jokers in their own place
    assert label(kinds("KS KC KH"), tiplu) == "Triplet"
    assert label(kinds("9S 9H 6D"), tiplu) == "Dirty triplet"
    assert label(kinds("10D 10D 5C"), tiplu) == INVALID  # M3.5
    assert label(kinds("6D 6D 8D"), tiplu) == "Dirty sequence"  # the rule decision (1)
    assert label(kinds("JD JD"), None) == DUBLEE
    assert label(kinds("KS AS 2S"), None) == INVALID


# --- the save ----------------------------------------------------------------------------------

def play_plainly(match: MarriageMatch) -> None:
    inhand.play_plainly(match, plain_action)


def play_some(match: MarriageMatch, n: int) -> None:
    for _ in range(n):
        if match.state.phase == OVER:
            return
        match.play(plain_action(match.state))


def test_m12_save_round_trip_mid_deal_and_between_deals():
    m = new_match(("A", "B", "C"), ("Human", "Medium", "Easy"), seed=4)
    play_some(m, 12)
    assert m.state.phase != OVER
    doc = json.loads(json.dumps(m.to_json()))
    again = MarriageMatch.from_json(doc)
    assert again.to_json() == doc and again.recording is not None
    play_plainly(m)
    doc = json.loads(json.dumps(m.to_json()))
    again = MarriageMatch.from_json(doc)
    assert again.recorded and again.series.totals == m.series.totals and again.sheet == m.sheet
    assert again.sheet[0].net == list(m.state.result.net)
    dealer = again.state.dealer
    again.next_deal()
    assert again.state.phase == EXPOSE and again.series.deals_played == 1
    assert again.state.dealer == (dealer + 1) % 3  # the deal passes on (M2.1)
    assert again.state.totals == again.series.totals


def test_m12_a_game_of_deals_ends_with_the_highest_total():
    m = new_match(("A", "B"), ("Medium", "Medium"), seed=9, deals=3)
    for _ in range(3):
        play_plainly(m)
        if m.series.over:
            break
        m.next_deal()
        m = MarriageMatch.from_json(json.loads(json.dumps(m.to_json())))
    assert m.series.over and m.series.deals_played == 3 and len(m.sheet) == 3
    best = max(m.series.totals)
    assert m.winners() == [s for s in range(2) if m.series.totals[s] == best]
    assert sum(m.series.totals) == 0


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="indian13"), lambda d: d.pop("state"), lambda d: d.update(levels=["Human"]),
    lambda d: d.update(totals=[5, -5]), lambda d: d["state"].update(turn=9), lambda d: d.update(dealer=None),
    lambda d: d.update(sheet=[{"deal": 0}]), lambda d: d["seats"][0].update(kind="bot:heuristic"),
    lambda d: d.update(deals_played=1), lambda d: d.update(seed=-4), lambda d: d.update(totals=[10**9, -10**9]),
])
def test_a_damaged_save_is_refused_with_a_reason(damage):
    m = new_match(seed=2)
    doc = json.loads(json.dumps(m.to_json()))
    damage(doc)
    with pytest.raises(ValueError):
        MarriageMatch.from_json(doc)


def test_every_deal_is_recorded_and_its_replay_validates():
    from game.replay import validate

    m = new_match(("A", "B", "C"), ("Human", "Medium", "Medium"), seed=21)
    replays = []
    for _ in range(2):
        play_some(m, 9)
        m = MarriageMatch.from_json(json.loads(json.dumps(m.to_json())))  # mid-deal through the save
        play_plainly(m)
        doc = m.take_replay()
        assert doc is not None and doc["game"] == "marriage" and validate(doc)["ok"]
        replays.append(doc)
        m.next_deal()
    assert [d["hand_no"] for d in replays] == [0, 1] and replays[0]["seed"] == 21


# --- the table driven by events -----------------------------------------------------------------

def rigged(app, hand: str, seed: int = 5, phase: str = DRAW, **options):
    """A two-player table where You (seat 0) hold ``hand`` (21 cards), everyone has exposed
    nothing, and it is your turn to draw (or, with ``phase`` expose, to expose)."""
    m = new_match(seed=seed, **options)
    s = m.state
    if s.turn != 0:  # You first: Meena deals
        from game.marriage import new_deal
        s = new_deal(s.rules, random.Random(seed), s.seats, dealer=1)
    rig(s, 0, kinds(hand))
    if phase == DRAW:
        from game.marriage import apply
        s = apply(apply(s, Action.expose(0)), Action.expose(1))
    m.state = m.deal_start = s
    m.recording = m.start_recording()
    return open_table(app, m)


HAND = "AS 2S 3S 9H 10H JH 5C 5C 5C KD KD 7S 2H 4C 8D QS QH 6C 9S 3D JC"


def test_m2_3_the_expose_step_by_keys(app):
    table = rigged(app, HAND, phase=EXPOSE)
    assert table.state.phase == EXPOSE and table.my_turn()
    first = table.hand_groups().groups[0]
    assert [KIND[c] for c in first] == kinds("5C 5C 5C") and table.group_labels()[0][0] == "Tunnela"
    app.step([ev_key(pygame.K_e)])
    assert top_name(app) == "marriage_expose" and "5♣ 5♣ 5♣" in app.top.detail
    app.step([ev_key(pygame.K_RETURN)])
    assert [len(g) for g in table.state.exposed[0]] == [3] and table.state.turn == 1
    app.draw()


def test_m2_3_keeping_the_tunnelas_and_a_hand_with_none_passes_by_itself(app):
    table = rigged(app, HAND, phase=EXPOSE)
    app.step([ev_key(pygame.K_k)])
    assert table.state.exposed[0] == [] and table.state.history[-1]["type"] == "expose"
    none = rigged(app, "AS 2S 3S 9H 10H JH 5C 6C 7C KD QD 7S 2H 4C 8D QS QH 6H 9S 3D JC", phase=EXPOSE)
    app.step([])
    assert none.state.history and none.state.history[0]["groups"] == []
    assert "no tunnela" in none.message[0]


def test_m6_seeing_the_maal_lays_the_groups_and_turns_the_tiplu_up_for_you_alone(app):
    table = rigged(app, HAND)
    lay = table.layout()
    app.step(ev_click(lay.stock.center))
    assert table.state.phase == DISCARD
    assert "To see the maal lay 3 pure combinations" in table.status_words()[0]
    assert table.obs.tiplu is None and not any(table.known_wild())
    app.step([ev_key(pygame.K_m)])  # nothing selected: the pure groups the hand holds
    assert top_name(app) == "confirm" and "A♠ 2♠ 3♠" in app.top.detail
    app.step([ev_key(pygame.K_RETURN)])
    s = table.state
    assert s.seen[0] == "pure" and len(s.shown[0]) == 3 and s.tiplu is not None
    assert table.obs.tiplu == s.tiplu and any(table.known_wild())
    from game.marriage import observe
    assert observe(s, 1).tiplu is None  # M13: Meena has not seen
    assert "tiplu is" in table.message[0] and "Your maal" in table.status_words()[1]
    app.draw()


def test_the_hint_is_the_reviews_best_move_for_each_step_and_names_no_joker(app):
    """H asks the deal review (ai/marriage/review.py) for the best move: at the expose step, the
    draw and the discard; its words for a seat that has not seen name no joker (M13)."""
    for phase in (EXPOSE, DRAW):
        table = rigged(app, HAND, phase=phase)
        table.hint_iterations = 2
        assert table.layout().buttons.get("hint") is not None and table.hint_kind() == phase
        app.step([ev_key(pygame.K_h)])
        assert wait_for(app, lambda t=table: t.message[0].startswith("Hint:"), 30), table.message
        words = table.message[0].lower()
        assert not any(f in words for f in FORBIDDEN) and "tiplu" not in words
        assert table.state.phase == phase  # a hint plays nothing
    app.step(ev_click(table.layout().stock.center))
    assert table.state.phase == DISCARD and table.hint_kind() == "discard"
    app.step([ev_key(pygame.K_h)])
    assert wait_for(app, lambda: table.message[0].startswith("Hint:") and table.hint_job is None, 30)
    assert any(w in table.message[0] for w in ("Discard", "See the maal", "Finish")), table.message


def test_m6_a_wrong_selection_is_explained_and_nothing_changes(app):
    table = rigged(app, HAND)
    table.key(pygame.K_n)
    table.selected = set(cards_of(table, "KD KD 7S"))
    table.key(pygame.K_m)
    assert top_name(app) == "marriage_table" and table.message[1] == "bad"
    assert table.state.seen[0] is None and not table.state.shown[0]


def top_of_stock(table, token: str) -> None:
    """The next stock card is ``token`` (swapped within the stock)."""
    stock = table.state.stock  # bottom first
    i = next(i for i, c in enumerate(stock) if KIND[c] == parse_kind(token))
    stock[i], stock[-1] = stock[-1], stock[i]


def group_by_keys(app, table, text: str) -> None:
    table.selected = set(cards_of(table, text))
    app.step([ev_key(pygame.K_g)])


def test_m7_a_valid_finish_is_asked_first_then_wins_and_the_results_show_it(app):
    table = rigged(app, "AS 2S 3S 9H 10H JH 5C 6C 7C 7S 8S 9S KS KC KH 4D 5D 6D 2H 3H QS")
    top_of_stock(table, "4H")
    table.key(pygame.K_n)
    table.selected = set(cards_of(table, "AS 2S 3S 9H 10H JH 5C 6C 7C"))
    table.key(pygame.K_m)
    assert "A♠ 2♠ 3♠, 9♥ 10♥ J♥ and 5♣ 6♣ 7♣" in app.top.detail
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.seen[0] == "pure" and len(table.obs.hand) == 13
    assert "four more combinations" in table.status_words()[0]
    for group in ("7S 8S 9S", "KS KC KH", "4D 5D 6D", "2H 3H 4H"):
        group_by_keys(app, table, group)
    labels = [name for name, _ in table.group_labels()]
    assert labels.count("Pure sequence") == 3 and "Triplet" in labels
    table.selected = set(cards_of(table, "QS"))
    table.key(pygame.K_f)
    assert top_name(app) == "confirm" and "a valid finish, you win the deal" in app.top.detail
    app.step([ev_key(pygame.K_RETURN)])
    r = table.state.result
    assert table.state.phase == OVER and r.winner == 0 and r.reason == "declared" and sum(r.net) == 0
    assert wait_for(app, lambda: top_name(app) == "marriage_results", 10)
    results = app.top
    assert results.winner_items()[-1] == ([parse_kind("QS")], "Finish card")
    assert "Tiplu" in results.tiplu_words()
    app.draw()


def test_m8_an_invalid_finish_is_explained_before_and_charged(app):
    table = rigged(app, HAND)
    table.key(pygame.K_n)
    table.key(pygame.K_m)
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.seen[0] == "pure"
    table.selected = {table.layout().cards[0][0]}
    table.key(pygame.K_f)
    assert top_name(app) == "confirm" and "not a valid finish" in app.top.detail
    assert "M7" not in app.top.detail and "M8" not in app.top.detail  # no rule id reaches the player
    app.step([ev_key(pygame.K_RETURN)])
    s = table.state
    assert s.out[0] == INVALID_FINISH and s.phase == OVER and s.result.reason == "all_out"  # two players: 1 left
    assert s.result.winner == 1 and s.result.game_points[0] == 3 + 10


def test_a_seat_that_has_not_seen_may_not_declare(app):
    table = rigged(app, HAND)
    table.key(pygame.K_n)
    assert not table.buttons["declare"].enabled
    table.selected = {table.layout().cards[0][0]}
    table.key(pygame.K_f)
    assert top_name(app) == "marriage_table" and "not seen" in table.message[0]


def test_every_action_by_keyboard_with_the_focused_card_in_words(app):
    table = rigged(app, HAND)
    table.key(pygame.K_n)
    picked = inhand.pick_two_by_keys(table, KIND)
    table.key(pygame.K_0)
    assert any(sorted(g) == sorted(picked) for g in table.hand_groups().groups)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_SPACE)
    table.key(pygame.K_d)
    assert table.state.turn == 1 and len(table.state.hands[0]) == 21


def test_draw_by_click_and_discard_by_drag_and_by_double_click(app):
    from tests.ui.helpers import ev_drag

    table = rigged(app, HAND)
    app.step(ev_click(table.layout().stock.center))
    card, rect = table.layout().cards[0]
    app.step(ev_drag(rect.center, table.layout().discard.center))
    assert KIND[table.state.discard[-1]] == KIND[card] and table.state.turn == 1
    assert wait_for(app, lambda: table.my_turn() or table.state.phase == OVER, 30)
    if table.state.phase == DRAW:
        app.step(ev_click(table.layout().stock.center))
        spot = table.layout().cards[-1][1].center
        app.step(ev_click(spot) + ev_click(spot))
        assert table.state.turn == 1 or table.state.phase == OVER


def drive_by_events(app, table, limit: int = 600) -> None:
    """The person's turns by keys and clicks, choosing as the plain policy would."""
    for _ in range(limit):
        if not wait_for(app, lambda: table.my_turn() or table.state.phase == OVER or top_name(app) == "pass", 30):
            raise AssertionError("the bots stopped")
        if top_name(app) == "pass":
            app.step([ev_key(pygame.K_RETURN)])
            continue
        s = table.state
        if s.phase == OVER:
            return
        action = plain_action(s)
        me = s.turn
        if action.type == "expose":
            table.selected = {c for c in table.obs.hand if any(KIND[c] == g[0] for g in action.groups)}
            app.step([ev_key(pygame.K_e if action.groups else pygame.K_k)])
            if action.groups:
                app.step([ev_key(pygame.K_RETURN)])
        elif action.type == "draw_stock":
            app.step(ev_click(table.layout().stock.center))
        elif action.type == "take_discard":
            app.step(ev_click(table.layout().discard.center))
        elif action.type == "see_maal":
            for cards in family.cards_in_groups(table.obs.hand, action.groups, KIND)[0]:
                table.selected = set(cards)  # group each by keys, then See maal with nothing selected
                app.step([ev_key(pygame.K_g)])
            table.selected = set()
            app.step([ev_key(pygame.K_m)])
            assert top_name(app) == "confirm", table.message
            app.step([ev_key(pygame.K_RETURN)])
            assert s is not table.state, table.message
        elif action.type == "declare":
            groups, left = family.cards_in_groups(table.obs.hand, (*action.groups, (action.card,)), KIND)
            if left:
                groups.insert(-1, left)
            table.groups[me] = HandGroups(groups)
            table.refresh()
            table.selected = {groups[-1][0]}
            app.step([ev_key(pygame.K_f)])
            assert top_name(app) == "confirm" and "a valid finish" in app.top.detail, app.top.detail
            app.step([ev_key(pygame.K_RETURN)])
        else:
            card = next(c for c in table.obs.hand if KIND[c] == action.card)
            table.selected = {card}
            app.step([ev_key(pygame.K_d)])
        assert table.state is not s or top_name(app) != "marriage_table", (action, table.message)
    raise AssertionError("the deal did not end")


def test_a_whole_deal_by_events_then_the_results_then_continue(app):
    m = new_match(("You", "Meena", "Ravi"), ("Human", "Easy", "Medium"), seed=6, deals=2)
    table = open_table(app, m)
    drive_by_events(app, table)
    assert wait_for(app, lambda: top_name(app) == "marriage_results", 10)
    results = app.top
    app.draw()
    r = table.state.result
    assert sum(r.net) == 0 and m.series.totals == list(r.net)
    assert [b.caption for b in results.form.widgets][:2] == ["Next deal", "Replay"]
    app.flush_saves()
    replays = sorted((app.store.folder / "replays").glob("*-h000.json"))
    assert len(replays) == 1
    button(app, "Next deal").activate()
    assert top_name(app) == "marriage_table" and m.series.deals_played == 1 and table.state.phase == EXPOSE
    app.flush_saves()
    app.reset_to(app.make("title"))
    button(app, "Continue").activate()
    assert top_name(app) == "marriage_table" and app.top.match.series.deals_played == 1


def test_the_results_at_game_over_name_the_winners_and_offer_the_replay(app):
    m = new_match(("You", "Meena"), ("Human", "Medium"), seed=4, format="points")
    play_plainly(m)
    table = open_table(app, m)
    assert wait_for(app, lambda: top_name(app) == "marriage_results", 10)
    results = app.top
    assert results.game_over and "Game over" in results.subtitle()
    assert [b.caption for b in results.form.widgets] == ["New game", "Replay", "Review", "Same cards", "Title"]
    app.draw()
    button(app, "Replay").activate()
    assert top_name(app) == "replay"
    app.draw()
    app.pop()
    button(app, "Review").activate()  # the deal review (ai/marriage/review.py) of the viewer's decisions
    assert top_name(app) == "review" and app.top.seat == 0
    app.draw()
    app.top.cancel()
    assert app.top is results
    m.series.totals[0] = 10**6
    assert "You win" in results.subtitle() and "You wins" not in results.subtitle()
    assert table.state.phase == OVER


def test_a_results_screen_left_under_another_never_deals_twice(app):
    """Two results screens stacked (the sheet opened over the results): Next deal on the top one
    deals; the one left under it then only steps back, and at the end of the game offers its end."""
    m = new_match(("You", "Meena"), ("Human", "Medium"), seed=4, deals=2)
    play_plainly(m)
    table = open_table(app, m)
    assert wait_for(app, lambda: top_name(app) == "marriage_results", 10)
    under = app.top
    over = app.open("marriage_results", table)
    over.next_deal()
    assert app.top is under and table.state.phase != OVER and m.series.deals_played == 1
    app.step([ev_key(pygame.K_RETURN)])  # its Next deal, stale: only back to the table
    assert app.top is table and m.series.deals_played == 1
    stale = app.open("marriage_results", table)  # the totals during the last deal: Back only
    assert [b.caption for b in stale.form.widgets] == ["Back"]
    play_plainly(m)  # the last deal ends under it
    stale.update(0.0)
    assert stale.game_over and [b.caption for b in stale.form.widgets][0] == "New game"


# --- M13: what a seat that has not seen is shown, over whole deals --------------------------------

FORBIDDEN = ("poplu", "jhiplu", "jokers:", "maal:")


class Screens:
    """Everything drawn, frame by frame: faces (card id, kind, wild) and words."""

    def __init__(self, app, monkeypatch) -> None:
        self.faces: list[tuple[int | None, int, bool]] = []
        self.words: list[str] = []
        draw_face = app.art.draw_face

        def face(target, pos, kind, width, *, wild=False, card_id=None):
            self.faces.append((card_id, kind, wild))
            return draw_face(target, pos, kind, width, wild=wild, card_id=card_id)

        monkeypatch.setattr(app.art, "draw_face", face)
        from game.ui import resources
        original = resources.text

        def text(s, *a, **k):
            self.words.append(str(s))
            return original(s, *a, **k)

        for name, module in list(sys.modules.items()):
            if name.startswith("game.ui") and getattr(module, "text", None) is original:
                monkeypatch.setattr(module, "text", text)

    def take(self):
        faces, words = self.faces, self.words
        self.faces, self.words = [], []
        return faces, words


def check_screen(table, faces, words) -> int:
    """No joker information on a screen drawn for a seat that has not seen; returns 1 when the
    screen was one to check."""
    s = table.state
    if s.phase == OVER:
        return 0
    who = None if table.hidden else table.viewer
    if who is not None and s.seen[who] is not None:
        return 0
    # hidden for a hand-over, or the screen of a seat that has not seen
    tiplu = s.tiplu
    assert not any(wild for _, _, wild in faces), "a W badge on a screen of a seat that has not seen"
    if tiplu is not None:
        assert tiplu not in [cid for cid, _, _ in faces], "the tiplu shown to a seat that has not seen"
        name = kind_pretty(KIND[tiplu])
        assert not any("tiplu" in w.lower() and name in w for w in words), words
    bad = [w for w in words if any(f in w.lower() for f in FORBIDDEN)]
    assert not bad, bad
    return 1 if tiplu is None else 2  # 2: the tiplu is set, a seat that has seen knows what this one must not


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_m13_hot_seat_never_shows_joker_information_to_a_seat_that_has_not_seen(app, monkeypatch, seed):
    """Two people and a bot; every observation the table reads and every frame drawn is searched."""
    m = new_match(("Ann", "Bob", "Meena"), ("Human", "Human", "Medium"), seed=seed)
    screens = Screens(app, monkeypatch)
    table = open_table(app, m)
    observed = []
    front = table.bot_front
    observe = front.observe

    class Door:
        def __getattr__(self, name):
            return getattr(front, name)

        def observe(self, state, seat):
            obs = observe(state, seat)
            observed.append((state.seen[seat], state.phase, obs))
            return obs

    table.bot_front = Door()
    checked: list[int] = []
    for _ in range(4000):
        app.dirty = True
        s = table.state
        if s.phase == OVER:
            break
        if top_name(app) == "pass":
            app.top.ready()
        elif table.my_turn() and top_name(app) == "marriage_table":
            action = plain_action(s)
            if action.type == "see_maal":
                table.selected = set()
                mine = table.hand_groups()
                groups, left = family.cards_in_groups(table.obs.hand, action.groups, KIND)
                mine.groups = groups + [left]
                table.refresh()
                table.ask_see()
                assert top_name(app) == "confirm"
                app.step([])
                checked.append(check_screen(table, *screens.take()))
                app.step([ev_key(pygame.K_RETURN)])
                checked.append(check_screen(table, *screens.take()))
            else:
                table.play(action)
        app.step([])
        checked.append(check_screen(table, *screens.take()))
    for seen, phase, obs in observed:
        if seen is None and phase != OVER:
            assert obs.tiplu is None and obs.jokers is None
    assert checked.count(2) >= 10 and checked.count(1) + checked.count(2) >= 20 and observed
    # after the deal everything is public
    if table.state.phase == OVER and table.state.tiplu is not None:
        assert all(observe(table.state, i).tiplu == table.state.tiplu for i in range(3))


def test_m13_the_first_player_of_a_hot_seat_also_takes_the_device(app):
    m = new_match(("Ann", "Bob"), ("Human", "Human"), seed=12)
    table = open_table(app, m)
    assert top_name(app) == "pass" and table.hidden
    app.art.begin_frame()
    app.draw()
    assert not (set(m.state.hands[0]) | set(m.state.hands[1])) & set(app.art.faces_drawn)
    app.top.ready()
    me = table.viewer
    app.art.begin_frame()
    app.draw()
    assert set(m.state.hands[me]) <= set(app.art.faces_drawn)
    assert not set(m.state.hands[1 - me]) & set(app.art.faces_drawn)


# --- the smallest window ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_the_table_at_640x480_shows_21_cards_readably(store, players):
    from game.ui import app as app_module
    from game.ui.cardart import strip_width
    from game.ui.selftest import quick_settings

    app = app_module.App(app_module.MIN_SIZE, store=store, audio=False)
    quick_settings(app)
    try:
        names = ["You", "Meena", "Ravi", "Kavya", "Arjun"][:players]
        m = new_match(tuple(names), ("Human",) + ("Medium",) * (players - 1), seed=2)
        for _ in range(3000):  # on to a turn of yours after others have laid groups
            s = m.state
            if s.turn == 0 and s.phase == DISCARD and (players == 2 or sum(x is not None for x in s.seen) >= 2):
                break
            m.play(plain_action(s))
        table = open_table(app, m)
        app.draw()
        lay = table.layout()
        w, h = app.screen.get_size()
        assert len(lay.cards) == len(table.obs.hand)
        screen = pygame.Rect(0, 0, w, h)
        assert all(screen.contains(r) for _, r in lay.cards)
        xs = sorted({r.y: [] for _, r in lay.cards})
        assert len(xs) <= 3  # one or two rows (a selected card is lifted)
        for row_y in {r.y for _, r in lay.cards}:
            row = sorted(r.x for _, r in lay.cards if r.y == row_y)
            least = min(strip_width(lay.hand_w), round(lay.hand_w * 0.62))  # what the shared layout keeps
            assert all(b - a >= least for a, b in zip(row, row[1:])), (row, lay.hand_w)
        assert lay.hand_w >= 40
        middle = max(r.bottom for r in lay.slots.values())
        assert lay.label_y > middle and lay.status_y >= max(lay.news.bottom, middle) - 2
        assert all(r.bottom <= lay.slots["tiplu"].y for r in lay.opponents)
        if lay.laid is not None:
            assert screen.contains(lay.laid)
    finally:
        app.shutdown()


def test_the_new_game_screen_starts_marriage(app):
    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    scene.set_game(list(app.games).index("marriage"))
    names = [getattr(w, "caption", "") for w in scene.rule_widgets]
    assert names[:3] == ["Game", "Preset", "Game length"]
    scene.toggle_advanced()
    assert "Seeing by dublees" in [getattr(w, "caption", "") for w in scene.rule_widgets]
    app.draw()
    button(app, "Start").activate()
    assert top_name(app) == "marriage_table"
    assert app.top.match.rules.players == 2 and app.top.match.levels[0] == "Human"


def test_how_to_play_has_the_marriage_pages_without_rule_ids(app):
    import re

    front = app.games["marriage"]
    assert [p[0] for p in front.rulebook][:2] == ["The aim", "Combinations"]
    assert not any(re.search(r"\bM\d", p[1]) for p in front.rulebook)
    app.reset_to(app.make("title"))
    app.open("howto", game="marriage")
    for _ in range(len(front.rulebook)):
        app.draw()
        app.step([ev_key(pygame.K_RIGHT)])


def test_the_replay_names_the_tiplu_only_at_the_end():
    from game.ui.marriage import replay

    m = new_match(("A", "B", "C"), ("Human", "Medium", "Medium"), seed=5)
    play_plainly(m)
    doc = m.take_replay()
    from game.replay import states
    seq = states(doc)
    names = ["A", "B", "C"]
    words = [replay.step_words(seq[i], doc["actions"][i], seq[i + 1], names) for i in range(len(doc["actions"]))]
    assert not any("tiplu" in w for w in words[:-1])
    assert any(replay.key_move(seq[i], doc["actions"][i], seq[i + 1]) for i in range(len(words)))
    assert legal_actions(seq[0]) and see_options(seq[0]) == []
