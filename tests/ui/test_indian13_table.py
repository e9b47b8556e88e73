"""The Indian Rummy table, headless: the player's grouping and its labels and points (I6, I10),
the game's save (I12 series), and the scene driven with synthetic events: drawing, grouping by
drag, discarding, dropping, declaring (valid and not), showing, the result table, hot seat."""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest

from game.indian13 import PRESETS, Action, RuleSet, legal_actions, new_deal, preset
from game.indian13.deck import KIND
from game.indian13.scoring import meld_rules
from game.indian13.simulate import plain_action
from game.indian13.state import DISCARD, DRAW, FIRST_DROP, INVALID, OVER, SHOW
from game.ui.indian13.hand import INVALID as INVALID_LABEL
from game.ui.indian13.hand import JOKERS, PURE, SEQUENCE, SET, HandGroups, label
from game.ui.indian13.match import Indian13Match
from game.ui.selftest import button, top_name, wait_for
from tests import family
from tests.ui import inhand
from tests.ui.inhand import (
    continued,
    kinds,
    my_moves,
    pick_two_by_keys,
    replays_through_the_save,
    save_round_trip,
    saved_at_results,
    seats,
    shown_points_are_charged,
)


def rig(state, seat: int, wanted: list[int]) -> None:
    """Give ``seat`` exactly the cards ``wanted`` (kinds): every card stays once (I1.3)."""
    family.rig(state, seat, wanted, KIND)


# --- the grouping, its labels and its points ------------------------------------------------

def test_i6_group_labels() -> None:
    state = new_deal(RuleSet(jokers="printed_only"), random.Random(1))
    rules = meld_rules(state)
    assert label(kinds("4H 5H 6H"), rules) == PURE
    assert label(kinds("4H 5H JK"), rules) == SEQUENCE
    assert label(kinds("9S 9H 9D"), rules) == SET
    assert label(kinds("9S 9S 9D"), rules) == INVALID_LABEL  # I6.4: distinct suits
    assert label(kinds("JK"), rules) == JOKERS
    assert label(kinds("2C 7D"), rules) == INVALID_LABEL


# every value of every option (the contract's table), one at a time over the defaults
OPTION_VALUES = {
    "deck_table": ["004", "catsatcards"], "jokers": ["cut", "printed_only", "none"],
    "pj_cut": ["aces_wild", "printed_only"], "pj_cut_double_score": [False, True],
    "joker_from_discard": ["refused", "allowed"], "max_jokers_per_meld": [1, "unlimited"],
    "four_card_life": [False, True], "auto_arrange_declarer": [False, True], "first_turn_bonus": [False, True],
    "invalid_declare_penalty": [0, 80, 120], "invalid_declare_ends_deal": [False, True], "first_drop": [0, 25],
    "middle_drop": [0, 50], "full_count": ["capped", "flat"], "count_melded_cards": [False, True],
    "cap": [80, None, 30], "stock_out": ["reshuffle", "void"], "format": ["points", "pool101", "deals"],
    "point_value": [1, 2.5], "deals": [None, 3],
}


def random_groups(hand: list[int], rng: random.Random) -> list[tuple[int, ...]]:
    cards = hand[:]
    rng.shuffle(cards)
    groups = []
    while cards:
        size = rng.choice([1, 2, 3, 3, 4])
        groups.append(tuple(KIND[c] for c in cards[:size]))
        cards = cards[size:]
    return groups


@pytest.mark.parametrize("option, value", [(o, v) for o, vs in OPTION_VALUES.items() for v in vs])
def test_i10_3_the_points_the_table_shows_are_what_the_engine_charges(option, value) -> None:
    """One source for the count (issue 29): for any grouping the table shows exactly what the deal's
    results then charge the seat for it, whatever the options (the losers show their own groups)."""
    import zlib

    from game import indian13
    from game.ui.indian13.hand import hand_points

    rng = random.Random(zlib.crc32(f"{option}={value}".encode()))
    rules = RuleSet(players=3, **{"auto_arrange_losers": False, option: value})
    shown_points_are_charged(rules, 4, 3000, indian13, plain_action, hand_points, random_groups, rng)


def test_hand_groups_move_sync_and_new_groups() -> None:
    g = HandGroups([[1, 2, 3], [4, 5], [6]])
    g.move([6], 0, 1)
    assert g.groups == [[1, 6, 2, 3], [4, 5]]
    g.move([1, 2], None, 1)  # a new group between the two
    assert g.groups == [[6, 3], [1, 2], [4, 5]]
    g.move([4, 5], None, 0)
    assert g.groups == [[4, 5], [6, 3], [1, 2]]
    g.sync([4, 5, 6, 1, 2, 9])  # 3 left, 9 came
    assert g.groups == [[4, 5], [6], [1, 2], [9]]
    g.sync([4, 5, 6, 1, 2, 9, 10])  # a lone last card takes the next draw in
    assert g.groups == [[4, 5], [6], [1, 2], [9, 10]]
    assert sorted(g.cards()) == [1, 2, 4, 5, 6, 9, 10]


# --- the save --------------------------------------------------------------------------------

def play_plainly(match: Indian13Match) -> None:
    inhand.play_plainly(match, plain_action, 400)


def test_i12_save_round_trip_mid_deal_and_between_deals() -> None:
    _, again = save_round_trip(Indian13Match, preset("Pool 101", 3), plain_action, 7)
    assert again.state.phase == DRAW


def test_i12_pool_game_plays_to_one_survivor() -> None:
    m = Indian13Match.new(seats(["A", "B", "C"], ["Medium", "Medium", "Medium"]), preset("Pool 101", 3), 9)
    for _ in range(60):
        play_plainly(m)
        if m.series.over:
            break
        m.next_deal()
        m = Indian13Match.from_json(json.loads(json.dumps(m.to_json())))  # every deal through the save
    assert m.series.over and len(m.winners()) == 1
    assert all(m.series.totals[s] >= 101 for s in range(3) if s not in m.winners())
    assert sum(d.scores[w] for d in m.sheet for w in m.winners()) == m.series.totals[m.winners()[0]]


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="gin"), lambda d: d.pop("state"), lambda d: d.update(levels=["Human"]),
    lambda d: d.update(totals=[0, "x"]), lambda d: d["state"].update(turn=9), lambda d: d.update(seat_map=[1, 0]),
    lambda d: d.update(sheet=[{"deal": 0}]), lambda d: d["seats"][0].update(kind="bot:heuristic"),
])
def test_a_damaged_save_is_refused_with_a_reason(damage) -> None:
    m = Indian13Match.new(seats(["A", "B"], ["Human", "Medium"]), RuleSet(), 2)
    doc = json.loads(json.dumps(m.to_json()))
    damage(doc)
    with pytest.raises(ValueError):
        Indian13Match.from_json(doc)


# --- the table -------------------------------------------------------------------------------

def open_table(app, names, levels, rules, seed=3):
    match = Indian13Match.new(seats(names, levels), rules, seed)
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    return table


def mouse(app, kind, pos) -> None:
    extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 0), "buttons": (1, 0, 0)}
    app.step([pygame.event.Event(kind, pos=pos, **extra)])


def drag(app, start, end) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
    mouse(app, pygame.MOUSEMOTION, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)


def test_i4_draw_by_click_then_discard_by_drag(app) -> None:
    table = open_table(app, ["You", "Meena"], ["Human", "Medium"], RuleSet())
    assert wait_for(app, table.my_turn, 30)
    lay = table.layout()
    mouse(app, pygame.MOUSEBUTTONDOWN, lay.stock.center)
    mouse(app, pygame.MOUSEBUTTONUP, lay.stock.center)
    assert table.state.phase == DISCARD and len(table.obs.hand) == 14
    lay = table.layout()
    card, rect = lay.cards[0]
    drag(app, rect.center, lay.discard.center)
    assert table.state.discard[-1] == card or KIND[table.state.discard[-1]] == KIND[card]
    assert len(table.state.hands[0]) == 13 and table.state.turn == 1


def test_dragging_a_card_into_a_gap_makes_a_new_group_and_onto_a_group_joins_it(app) -> None:
    table = open_table(app, ["You", "Meena"], ["Human", "Medium"], RuleSet())
    assert wait_for(app, table.my_turn, 30)
    mine = table.hand_groups()
    lay = table.layout()
    card, rect = lay.cards[0]
    gap = lay.gaps[-1][0]  # after the last group
    drag(app, rect.center, (gap.x + 5, lay.hand_y + 20))
    assert mine.groups[-1] == [card]
    lay = table.layout()
    first = lay.groups[0]
    drag(app, table.layout().cards[-1][1].center, (first.centerx, first.centery))
    assert card in mine.groups[0]
    assert sorted(mine.cards()) == sorted(table.obs.hand)


def test_i9_drop_asks_first_then_charges_the_first_drop(app) -> None:
    table = open_table(app, ["You", "Meena", "Ravi"], ["Human", "Medium", "Medium"], RuleSet(players=3))
    assert wait_for(app, table.my_turn, 30)
    me = table.state.turn
    table.buttons["drop"].activate()
    assert top_name(app) == "confirm"
    button(app, "Drop").activate()
    assert table.state.out[me] == FIRST_DROP


def test_i8_invalid_declaration_is_explained_before_and_after(app) -> None:
    table = open_table(app, ["You", "Meena", "Ravi"], ["Human", "Medium", "Medium"], RuleSet(players=3))
    assert wait_for(app, table.my_turn, 30)
    me = table.state.turn
    table.draw_stock()
    table.selected = {table.layout().cards[0][0]}
    table.buttons["declare"].activate()
    assert top_name(app) == "confirm"
    question = app.top
    assert "not a valid declaration" in question.detail and "rule" not in question.detail
    assert not re.search(r"\bI\d", question.detail)  # no rule id reaches the player (issue 31)
    button(app, "Declare").activate()
    assert table.state.out[me] == INVALID
    assert table.message[1] == "bad" and "Invalid declaration" in table.message[0]


def test_i7_a_valid_declaration_wins_and_shows_the_result_table(app) -> None:
    rules = RuleSet(players=2, jokers="printed_only")
    match = Indian13Match.new(seats(["You", "Meena"], ["Human", "Medium"]), rules, 5)
    s = match.state
    me = s.turn
    rig(s, me, kinds("2H 3H 4H 5H 7S 8S 9S 10C 10D 10S KC KD KH"))
    match.deal_start = s
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    table.draw_stock()
    mine = table.hand_groups()
    drawn = next(c for c in table.obs.hand if c not in set(mine.cards()[:13]))
    by_kind = {k: [c for c in table.obs.hand if KIND[c] == k] for k in set(map(KIND.__getitem__, table.obs.hand))}
    groups = [[by_kind[k].pop() for k in kinds(g)] for g in ("2H 3H 4H 5H", "7S 8S 9S", "10C 10D 10S", "KC KD KH")]
    table.groups[me] = HandGroups(groups + [[drawn]])
    table.refresh()
    assert [lab for lab, _ in table.group_labels()][:4] == [PURE, PURE, SET, SET]
    table.selected = {drawn}
    table.buttons["declare"].activate()
    assert "valid declaration" in app.top.detail and "not a valid" not in app.top.detail
    button(app, "Declare").activate()
    assert table.state.phase == OVER and table.state.result.winner == me
    assert wait_for(app, lambda: top_name(app) == "results13", 10)
    assert app.top.game_over  # a points game is one deal (I12.1)
    app.draw()


def test_i7_5_a_loser_groups_and_shows(app) -> None:
    rules = preset("Strict online (004)", 2)  # losers show their own groups
    match = Indian13Match.new(seats(["You", "Meena"], ["Human", "Human"]), rules, 8)
    s = match.state
    other = (s.turn + 1) % 2
    rig(s, s.turn, kinds("2H 3H 4H 5H 7S 8S 9S 10C 10D 10S KC KD KH"))
    winner = s.turn
    s = match.play(Action.draw_stock(winner))
    declare = next(a for a in legal_actions(s) if a.type == "declare")
    match.play(declare)
    assert match.state.phase == SHOW and match.state.turn == other
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    assert top_name(app) == "pass"
    app.top.ready()
    assert table.viewer == other and table.buttons["show"].enabled
    shown_points = table.hand_points()
    table.buttons["show"].activate()
    assert table.state.phase == OVER
    charged = table.state.result.points[other]
    assert charged == shown_points * (2 if rules.pj_cut_double_score and table.state.cut_is_printed_joker else 1)


def test_i13_hot_seat_hides_the_other_hand_until_passed(app) -> None:
    table = open_table(app, ["Ann", "Bob"], ["Human", "Human"], RuleSet(), seed=12)
    first = table.state.turn
    other = 1 - first
    assert top_name(app) == "pass" and table.hidden  # the first player too takes the device
    app.art.begin_frame()
    app.draw()
    assert not set(table.state.hands[first]) & set(app.art.faces_drawn)
    app.top.ready()
    assert table.viewer == first
    table.draw_stock()
    table.selected = {table.layout().cards[0][0]}
    table.discard_selected()
    app.step([])
    assert top_name(app) == "pass" and table.hidden
    app.art.begin_frame()
    app.dirty = True
    app.draw()
    hands = set(table.state.hands[first]) | set(table.state.hands[other])
    assert not hands & set(app.art.faces_drawn)
    app.top.ready()
    assert table.viewer == other and not table.hidden
    app.art.begin_frame()
    app.draw()
    assert set(table.state.hands[other]) <= set(app.art.faces_drawn)
    assert not set(table.state.hands[first]) & set(app.art.faces_drawn)


def test_a_whole_deal_against_bots_then_continue_from_the_title(app) -> None:
    rules = RuleSet(players=3, format="deals", deals=2)
    table = open_table(app, ["You", "Meena", "Ravi"], ["Human", "Easy", "Medium"], rules)
    for action in my_moves(app, table, plain_action, 300):
        if action.type == "discard":
            table.selected = {next(c for c in table.obs.hand if KIND[c] == action.card)}
            table.discard_selected()
        elif action.type == "draw_stock":
            table.draw_stock()
        else:
            table.play(action)
    saved_at_results(app, "results13", Indian13Match)
    button(app, "Next deal").activate()
    continued(app, table, "table13")


def test_the_new_game_screen_starts_indian_rummy(app) -> None:
    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    scene.set_game(1)
    names = [getattr(w, "caption", "") for w in scene.rule_widgets]
    assert names[:2] == ["Game", "Preset"]
    scene.set_preset(list(PRESETS).index("Pool 201"))
    scene.toggle_advanced()
    assert "Life needs 4 cards" in [getattr(w, "caption", "") for w in scene.rule_widgets]
    app.draw()
    button(app, "Start").activate()
    assert top_name(app) == "table13"
    assert app.top.match.rules.format == "pool201" and app.top.match.levels == ["Human", "Medium"]


def test_how_to_play_from_the_menu_explains_the_game_at_the_table(app) -> None:
    table = open_table(app, ["You", "Meena"], ["Human", "Medium"], RuleSet())
    table.open_menu()
    button(app, "How to play").activate()
    assert top_name(app) == "howto" and app.top.game == "indian13"
    app.draw()
    assert app.top.pages[0][0] == "The aim"
    app.top.switch_game()
    names = list(app.games)
    assert app.top.game == names[(names.index("indian13") + 1) % len(names)] and app.top.page == 0
    app.draw()


def test_every_deal_is_recorded_and_its_replay_validates() -> None:
    replays = replays_through_the_save(Indian13Match, preset("Pool 101", 3), plain_action, 21, 3, 5)
    assert {d["game"] for d in replays} == {"indian13"} and replays[0]["seed"] == 21


def test_i7_result_table_at_the_smallest_size_names_a_one_card_last_group(store, monkeypatch) -> None:
    """A single loose card at the end of a row is labelled in full ("Invalid", not "Inva…"): the
    last label of a row may use the rest of the row."""
    from game.ui import app as app_module
    from game.ui.indian13 import results
    from game.ui.selftest import quick_settings

    app = app_module.App(app_module.MIN_SIZE, store=store, audio=False)
    quick_settings(app)
    try:
        rules = RuleSet(players=4, format="pool101")
        match = Indian13Match.new(seats(["You", "Meena", "Ravi", "Kavya"], ["Medium"] * 4), rules, 9)
        while match.state.phase != OVER:
            match.play(plain_action(match.state))
        groups = match.state.result.groups
        singles = [s for s, g in enumerate(groups) if g and len(g[-1]) == 1
                   and label(g[-1], meld_rules(match.state)) == INVALID_LABEL]  # groups hold kinds
        assert singles, "the deal should leave some seat a single invalid card last"
        app.reset_to(app.make("title"))
        table = app.open("table13", match)
        app.step([])
        app.open("results13", table)
        drawn: list[str] = []
        monkeypatch.setattr(results, "label", lambda surf, words, *a, **k: drawn.append(words))
        app.dirty = True
        app.draw()
        assert drawn.count(INVALID_LABEL) >= len(singles)
        assert not any(w.endswith("…") and INVALID_LABEL.startswith(w[:-1]) for w in drawn)
    finally:
        app.shutdown()


# --- issue 31: grouping, keyboard play, drops, the results --------------------------------------------

def rigged_table(app, hand: str, seed: int = 5):
    """A two-player table on the viewer's turn to draw, holding ``hand`` (printed jokers only)."""
    rules = RuleSet(players=2, jokers="printed_only")
    match = Indian13Match.new(seats(["You", "Meena"], ["Human", "Medium"]), rules, seed)
    s = match.state
    rig(s, s.turn, kinds(hand))
    match.deal_start = s
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    return table


def group_of(table, text: str) -> list[int]:
    """Physical cards of the viewer's hand for the kinds in ``text``."""
    return family.cards_of(table.obs.hand, kinds(text), KIND)


def test_sort_keeps_a_set_built_by_hand_and_undo_takes_changes_back(app) -> None:
    table = rigged_table(app, "7S 7H 7D 2C 9H KD 4S 5C JH QS 3D 8C 10H")
    sevens = group_of(table, "7S 7H 7D")
    table.selected = set(sevens)
    table.group_selected()
    mine = table.hand_groups()
    assert any(sorted(g) == sorted(sevens) for g in mine.groups)
    table.sort()
    assert any(sorted(g) == sorted(sevens) for g in mine.groups)  # the set made by hand is kept
    assert sorted(mine.cards()) == sorted(table.obs.hand)
    before_sort = [list(g) for g in table.undo[table.viewer].past[-1]]
    table.key(pygame.K_u)
    assert mine.groups == before_sort
    table.key(pygame.K_u)
    assert not any(sorted(g) == sorted(sevens) for g in mine.groups)  # back to before the grouping


def test_group_writes_the_cards_as_the_meld_reads(app) -> None:
    table = rigged_table(app, "5D 6D 4D AH JH QH KH 2C 9S 7C 8S 10C 3S")
    for text, written in (("5D 6D 4D", "4D 5D 6D"), ("AH JH QH KH", "JH QH KH AH")):
        table.selected = set(group_of(table, text))
        table.group_selected()
        group = next(g for g in table.hand_groups().groups if sorted(g) == sorted(group_of(table, text)))
        assert [KIND[c] for c in group] == kinds(written)


def test_the_count_says_why_it_did_not_fall_without_a_pure_sequence(app) -> None:
    table = rigged_table(app, "7S 7H 7D 9C 9H 9D 2C 5S JH QS 3D 8C 10H")
    for text in ("7S 7H 7D", "9C 9H 9D"):
        table.selected = set(group_of(table, text))
        table.group_selected()
    total = sum(table.state.points[KIND[c]] for c in table.obs.hand)
    assert table.hand_points() == min(total, table.state.rules.cap) and "no pure sequence" in table.points_note()
    app.draw()


def test_every_action_by_keyboard_with_the_focused_card_in_words(app) -> None:
    table = rigged_table(app, "7S 7H 7D 2C 9H KD 4S 5C JH QS 3D 8C 10H")
    table.key(pygame.K_n)  # draw
    assert table.state.phase == DISCARD
    picked = pick_two_by_keys(table, KIND)
    assert len(picked) == 2
    table.key(pygame.K_0)  # a group of their own
    assert any(sorted(g) == sorted(picked) for g in table.hand_groups().groups)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_SPACE)
    table.key(pygame.K_f)  # declare: asked first
    assert top_name(app) == "confirm"
    app.pop()
    table.key(pygame.K_d)  # discard the selected card
    assert table.state.turn != table.viewer and len(table.state.hands[table.viewer]) == 13


def test_a_seat_that_dropped_is_told_it_is_watching(app) -> None:
    table = open_table(app, ["You", "Meena", "Ravi"], ["Human", "Medium", "Medium"], RuleSet(players=3))
    assert wait_for(app, table.my_turn, 30)
    table.key(pygame.K_x)
    button(app, "Drop").activate()
    assert "You dropped: watching" in table.turn_words()


def test_the_results_offer_the_replay_and_say_you_win(app) -> None:
    from game.ui.indian13.results import Results13Scene

    table = open_table(app, ["You", "Meena"], ["Human", "Medium"], RuleSet(players=2), seed=4)
    play_plainly(table.match)
    table.refresh()
    results = Results13Scene(app, table)
    app.push(results)
    assert "Replay" in [b.caption for b in results.form.widgets]
    button(app, "Replay").activate()
    assert top_name(app) == "replay"
    app.pop()
    table.match.series.totals[table.match.table_seat(0)] = 10**6  # You win the game
    words = Results13Scene(app, table).subtitle()
    assert "You win" in words and "You wins" not in words
