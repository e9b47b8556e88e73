"""The 21-card Indian Rummy table (and 27-card Rummy's), headless: the engine's labels, counts and
verdicts as the table words them (T6, T7.2, T10, T11), the game's save (T14 series), the new-game
screen's presets and house rules, and the scene driven with synthetic events: a whole deal against
the bots by mouse and keys, grouping by drag, discarding, dropping, declaring (valid and not), the
losers' show, the results, hot seat, the Hint, replays, saves and --continue, the smallest window
with 21 and 27 cards."""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest

from game.core.cards import kind_pretty, parse_kind
from game.indian21 import RuleSet, new_deal, plain_action, preset
from game.indian21.deck import KIND
from game.indian21.rules import OPTION_NAMES
from game.indian21.state import DISCARD, DRAW, FIRST_DROP, INVALID, OVER, SHOW
from game.ui.indian21 import hand as words
from game.ui.indian21.hand import DUBLEE, JOKERS, PURE, SEQUENCE, SET, TUNNELA, HandGroups, label
from game.ui.indian21.match import Indian21Match
from game.ui.indian21.results import headline
from game.ui.selftest import button, top_name, wait_for
from tests import family
from tests.ui.helpers import ev_click, ev_drag, ev_key
from tests.ui.inhand import (
    continued,
    kinds,
    my_moves,
    replays_through_the_save,
    save_round_trip,
    saved_at_results,
    seats,
    shown_points_are_charged,
)

RULE_ID = re.compile(r"\b[TIVM]\d+(\.\d+)*[a-z]?\b")  # a rule id of any of the rule books


def groups_of(text: str) -> list[list[int]]:
    return [kinds(part) for part in text.split("|")]


def with_cut(state, cut: str):
    """``state`` (as dealt) with the cut joker ``cut``, swapped in from the stock."""
    want = parse_kind(cut)
    if KIND[state.cut_joker] != want:
        i = next(i for i, c in enumerate(state.stock) if KIND[c] == want)
        state.stock[i], state.cut_joker = state.cut_joker, state.stock[i]
    return type(state)(state.rules, state.seats, state.dealer, state.cut_joker, state.stock, state.discard,
                       state.hands, None, state.out, state.has_drawn, None, state.turn, state.phase, state.totals)


def dealt(cut: str = "7H", **options):
    """A fresh two-player deal whose cut joker is ``cut``."""
    return with_cut(new_deal(RuleSet(players=2, **options), random.Random(1)), cut)


def rig(state, seat: int, text: str) -> None:
    """Give ``seat`` the cards named (from the stock or the other hands; every card stays once)."""
    family.rig(state, seat, kinds(text), KIND, whole=False)


# --- what the engine says, as the table words it ----------------------------------------------------

def test_t6_group_labels() -> None:
    rules = dealt("7H").meld_rules
    assert label(kinds("2S 3S 4S"), rules) == PURE
    assert label(kinds("6H 7H 8H"), rules) == PURE  # wild cards in their own places (T3.6)
    assert label(kinds("QS QS QS"), rules) == TUNNELA
    assert label(kinds("2H 3H 7C"), rules) == SEQUENCE
    assert label(kinds("5D 5S 5C"), rules) == SET
    assert label(kinds("4D 4D"), rules) == DUBLEE
    assert label(kinds("JK 7S"), rules) == JOKERS
    assert label(kinds("9H 9H 9C"), rules) == words.INVALID  # a set's natural cards differ in suit (T6.2)


def test_t7_2_the_four_ways_to_show_in_words() -> None:
    state = dealt("7H")
    ex1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
    verdict = words.show_verdict(groups_of(ex1), state)  # T17.1
    assert verdict.valid and verdict.words == "3 pure sequences and every card in a meld"
    ex3 = "4D 4D 4D | 10S 10S 10S | QH QH QH | 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C"
    assert words.show_verdict(groups_of(ex3), state).words == "3 tunnelas"  # T17.3
    ex4 = "2C 2C | 5H 5H | 9S 9S | JD JD | KC KC | 3D 3D | AH AH | JK JK | 4S 7D 10C QS 6C"
    assert words.show_verdict(groups_of(ex4), state).words == "8 dublees"  # T17.4
    ex5 = "JK JK 7S 7D 7C 8H 6H 7H | 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS"
    assert words.show_verdict(groups_of(ex5), state).words == "a group of 8 jokers"  # T17.5
    wrong = words.show_verdict(groups_of(ex1.replace("KC", "JK")), state)  # T17.2: two pure sequences
    assert not wrong.valid
    assert "3 pure sequences" in wrong.problem and not RULE_ID.search(wrong.problem + wrong.progress)
    assert wrong.progress == ("Pure sequences 2 of 3 · tunnelas 0 of 3 · dublees 0 of 8 · jokers in one group 0 "
                              "of 8")
    loose = words.show_verdict(groups_of("2S 3S 4S | 5C 9D KH"), state)
    assert loose.problem == "5♣-9♦-K♥ is not a meld"
    seven = groups_of(ex4.replace("AH AH", "AH 2H"))
    assert not words.show_verdict(seven, state).valid  # T17.4: seven dublees
    assert words.other_show(kinds(ex3.replace("|", "")), state) == "3 tunnelas"


def test_t11_value_cards_and_marriages_in_words() -> None:
    state = dealt("7H")
    assert words.value_roles(state) == {parse_kind("7H"): words.SAME, parse_kind("8H"): words.UPPER,
                                        parse_kind("6H"): words.LOWER}
    assert words.value_words(kinds("7H 7H 8H 8H 8H 6H 2C"), state) == "Value cards: 140 (a marriage)"  # T17.9
    assert words.value_words(kinds("7H 8H"), state) == "Value cards: 20"
    assert words.value_words(kinds("2C 3C"), state) == ""
    assert words.cut_words(state) == "Wild: every 7, 6♥ 8♥, jokers"
    assert words.value_roles(dealt("7H", value_cards=False)) == {}
    five = new_deal(preset("27-card", 2), random.Random(2))
    cut = KIND[five.cut_joker]
    roles = words.value_roles(five)
    assert len(roles) == (1 if cut == 52 else 5) and list(roles.values()).count(words.UPPER) == (0 if cut == 52 else 2)


OPTION_VALUES = {
    "wild_rank": ["all_suits", "same_suit_only"], "joker_from_discard": ["refused", "allowed"],
    "max_jokers_per_meld": [1, "unlimited"], "show_tunnelas": [0, 3], "show_dublees": [0, 8], "show_jokers": [0, 8],
    "near_show_points": [0, 2], "cap": [120, None], "half_rule": [True, False], "half_rounding": ["down", "up"],
    "value_cards": [True, False], "hand_size": [21, 27],
}


@pytest.mark.parametrize("option, value", [(o, v) for o, vs in OPTION_VALUES.items() for v in vs])
def test_t10_the_points_the_table_shows_are_what_the_engine_charges(option, value) -> None:
    """One source for the count: for any grouping the table shows exactly what the deal's results
    then charge the seat for it (the losers show their own groups), whatever the options."""
    import zlib

    from game import indian21

    rng = random.Random(zlib.crc32(f"{option}={value}".encode()))
    rules = RuleSet(players=3, auto_arrange_losers=False, **{option: value})
    shown_points_are_charged(rules, 3, 4000, indian21, plain_action, words.hand_points, seven_groups, rng)


def seven_groups(hand: list[int], rng: random.Random) -> list[list[int]]:
    """The hand's cards (as kinds) shuffled and cut into seven groups."""
    cards = [KIND[c] for c in hand]
    rng.shuffle(cards)
    cuts = sorted(rng.sample(range(1, len(cards)), 6))
    return [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)])]


# --- the new-game screen's rules --------------------------------------------------------------------

def test_every_option_is_a_house_rule_or_named_with_what_it_does() -> None:
    from game.ui.indian21.setup import HOUSE_RULES, OTHER_OPTIONS, PRESET_WORDS, SETUP

    shown = [r.option for r in HOUSE_RULES]
    assert len(set(shown)) == len(shown) and set(shown) | set(OTHER_OPTIONS) == set(OPTION_NAMES)
    assert not set(shown) & set(OTHER_OPTIONS)
    for rule in HOUSE_RULES:  # every choice is one the engine takes, with every preset
        for value in rule.values:
            for rules in SETUP.presets.values():
                assert rule.choose(rules, rule.values.index(value)).with_players(4).to_json()[rule.option] == value
    assert set(PRESET_WORDS) == set(SETUP.presets)
    player_words = [*PRESET_WORDS.values(), *OTHER_OPTIONS.values(), *(r.line for r in HOUSE_RULES),
                    *(w for r in HOUSE_RULES for w in r.words)]
    assert not [w for w in player_words if RULE_ID.search(w)]


def test_t16_twenty_seven_cards_at_six_seats_deal_twenty_one_and_say_so() -> None:
    from game.ui.indian21.setup import SETUP

    rules = SETUP.pick(SETUP.default_rules(), "27-card")
    assert rules.with_players(5).hand_size == 27 and rules.with_players(5).cap == 150
    six = rules.with_players(6)
    assert six.hand_size == 21 and six.cap == 120 and six.value_offsets == 1
    assert "27 cards are for 2-5 players" in SETUP.table_note(six)
    assert "27 cards each" in SETUP.table_note(rules.with_players(4))
    match = Indian21Match.new(seats(["You"] + ["P"] * 5, ["Human"] + ["Medium"] * 5), six, 1)
    assert type(match.rules) is RuleSet and len(match.state.hands[0]) == 21
    assert SETUP.matching_preset(rules.with_players(3), "27-card") == "27-card"


def test_the_rulebook_has_no_rule_ids_and_explains_the_four_ways() -> None:
    from game.ui.indian21.rulebook import PAGES

    text = " ".join(title + " " + body for title, body, _ in PAGES)
    assert not RULE_ID.search(text)
    for way in ("3 pure sequences", "Three tunnelas", "Eight dublees", "Eight jokers", "marriage", "drop"):
        assert way in text
    for _, _, examples in PAGES:
        for _, cards, wild in examples:
            assert set(wild.split()) <= set(cards.split())
            kinds(cards)  # every card written as the game reads it


# --- the save -------------------------------------------------------------------------------------

def test_t14_save_round_trip_mid_deal_and_between_deals() -> None:
    m, again = save_round_trip(Indian21Match, preset("21-card deals", 3), plain_action, 9)
    assert again.series.totals == list(m.state.result.net)
    assert again.state.phase == DRAW and again.state.dealer == (m.state.dealer + 1) % 3  # the deal passes on (T2.1)


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="indian13"), lambda d: d.pop("state"), lambda d: d.update(levels=["Human"]),
    lambda d: d.update(totals=[0, "x"]), lambda d: d["state"].update(turn=9), lambda d: d.update(dealer=7),
    lambda d: d.update(sheet=[{"deal": 0}]), lambda d: d["seats"][0].update(kind="bot:heuristic"),
    lambda d: d.update(totals=[5, -5]), lambda d: d.update(deals_played=-1), lambda d: d.update(seed=2**40),
    lambda d: d["rules"].update(hand_size=27), lambda d: d.update(recorded="yes", deals_played=3),
])
def test_a_damaged_save_is_refused_with_a_plain_reason(damage) -> None:
    m = Indian21Match.new(seats(["A", "B"], ["Human", "Medium"]), RuleSet(), 2)
    doc = json.loads(json.dumps(m.to_json()))
    damage(doc)
    with pytest.raises(ValueError) as refused:
        Indian21Match.from_json(doc)
    assert not RULE_ID.search(str(refused.value)) or "damaged" in str(refused.value)


def test_every_deal_is_recorded_and_its_replay_validates() -> None:
    replays = replays_through_the_save(Indian21Match, preset("21-card deals", 3), plain_action, 21, 2, 7)
    assert len(replays) == 2 and {d["game"] for d in replays} == {"indian21"}


# --- the table ------------------------------------------------------------------------------------

def open_table(app, match):
    app.reset_to(app.make("title"))
    table = app.open("table21", match)
    app.step([])
    return table


def new_table(app, names=("You", "Meena"), levels=("Human", "Medium"), rules=None, seed=3):
    rules = rules or RuleSet(players=len(names))
    return open_table(app, Indian21Match.new(seats(list(names), list(levels)), rules, seed))


def rigged_table(app, hand: str, seed: int = 5, names=("You", "Meena"), levels=("Human", "Medium"), **options):
    """A table on seat 0's turn to draw (the cut joker 7H, as the rules' examples have it), seat 0
    holding ``hand``."""
    rules = RuleSet(players=len(names), **options)
    match = Indian21Match.new(seats(list(names), list(levels)), rules, seed)
    n = len(names)
    s = with_cut(new_deal(rules, random.Random(seed), match.state.seats, dealer=n - 1), "7H")  # seat 0 first
    rig(s, 0, hand)
    match.series.dealer = n - 1
    match.state = match.deal_start = s
    match.recording = match.start_recording()
    return open_table(app, match)


def cards_of(table, text: str) -> list[int]:
    return physical(table, kinds(text))


def physical(table, group) -> list[int]:
    """The viewer's cards of the kinds ``group``."""
    return family.cards_of(table.obs.hand, group, KIND)


def test_t4_draw_by_click_then_discard_by_drag_and_group_by_drag(app) -> None:
    table = new_table(app)
    assert wait_for(app, table.my_turn, 30)
    app.step(ev_click(table.layout().stock.center))
    assert table.state.phase == DISCARD and len(table.obs.hand) == 22
    mine = table.hand_groups()
    card, rect = table.layout().cards[0]
    gap = table.layout().gaps[-1][0]  # after the last group: a group of its own
    app.step(ev_drag((rect.x + 8, rect.centery), (gap.x + 5, gap.centery)))
    assert mine.groups[-1] == [card]
    first = table.layout().groups[0]
    app.step(ev_drag((table.layout().cards[-1][1].x + 8, table.layout().cards[-1][1].centery), first.center))
    assert card in mine.groups[0] and sorted(mine.cards()) == sorted(table.obs.hand)
    card, rect = table.layout().cards[3]
    app.step(ev_drag((rect.x + 8, rect.centery), table.layout().discard.center))
    assert KIND[table.state.discard[-1]] == KIND[card] and len(table.state.hands[table.viewer]) == 21


def test_t9_drop_asks_first_says_its_cost_then_watches(app) -> None:
    table = rigged_table(app, "2S 3S 4S", names=("You", "Meena", "Ravi"), levels=("Human", "Medium", "Medium"))
    me = table.viewer
    app.step([ev_key(pygame.K_x)])
    assert top_name(app) == "confirm" and "30 points" in app.top.detail and "first drop" in app.top.detail
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.out[me] == FIRST_DROP
    assert "You dropped: watching" in table.turn_words()


def test_t8_an_invalid_show_is_explained_before_and_after(app) -> None:
    table = rigged_table(app, "2S 3S 4S 9D 10D JD QC JK AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH KS",
                         names=("You", "Meena", "Ravi"), levels=("Human", "Medium", "Medium"))  # T17.2
    me = table.viewer
    app.step([ev_key(pygame.K_n)])
    mine = table.hand_groups()
    drawn = next(c for c in table.obs.hand if c not in set(mine.cards()[:21]))
    groups = [cards_of(table, g) for g in ("2S 3S 4S", "9D 10D JD", "QC JK AC", "5D 5S 5C", "9C 9H 9S",
                                           "2H 3H 7C", "KD KH KS")]
    table.groups[me] = HandGroups(groups + [[drawn]])
    table.refresh()
    table.selected = {drawn}
    app.step([ev_key(pygame.K_f)])
    assert top_name(app) == "confirm"
    detail = app.top.detail
    assert "not a valid show" in detail and "Pure sequences 2 of 3" in detail and "120 points" in detail
    assert not RULE_ID.search(detail)
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.out[me] == INVALID and table.state.phase != OVER  # play goes on (T8)
    assert table.message[1] == "bad" and "Not a valid show" in table.message[0]
    assert not RULE_ID.search(table.message[0])
    assert "showed invalidly: watching" in table.turn_words()


def three_tunnelas(app, **options):
    hand = "4D 4D 4D 10S 10S 10S QH QH QH 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C"
    table = rigged_table(app, hand, **options)
    if top_name(app) == "pass":  # hot seat: the first player too takes the device
        assert table.hidden
        app.top.ready()
    app.step([ev_key(pygame.K_n)])
    me = table.viewer
    mine = table.hand_groups()
    drawn = next(c for c in table.obs.hand if c not in set(mine.cards()[:21]))
    tunnelas = [cards_of(table, g) for g in ("4D 4D 4D", "10S 10S 10S", "QH QH QH")]
    rest = [c for c in table.obs.hand if c != drawn and not any(c in g for g in tunnelas)]
    table.groups[me] = HandGroups([*tunnelas, rest, [drawn]])
    table.refresh()
    return table, drawn


def test_t7_a_valid_show_wins_and_opens_the_results(app) -> None:
    table, finish = three_tunnelas(app)
    assert [lab for lab, _ in table.group_labels()][:3] == [TUNNELA] * 3
    table.selected = {finish}
    table.buttons["declare"].activate()
    assert "3 tunnelas" in app.top.detail and "valid show" in app.top.detail
    button(app, "Declare").activate()
    assert table.state.phase == OVER and table.state.result.winner == table.viewer
    assert wait_for(app, lambda: top_name(app) == "results21", 10)
    results = app.top
    assert results.game_over  # a points game is one deal (T14)
    captions = [b.caption for b in results.form.widgets]
    assert captions[:2] == ["New game", "Replay"] and "Review" in captions  # the bots' front has a review
    assert "You showed and won" in headline(table.match)
    app.draw()
    button(app, "Review").activate()
    assert top_name(app) == "review"


def test_t10_a_loser_groups_and_shows_in_hot_seat(app) -> None:
    table, finish = three_tunnelas(app, auto_arrange_losers=False, names=("Ann", "Bob"), levels=("Human", "Human"))
    winner = table.viewer
    table.selected = {finish}
    app.step([ev_key(pygame.K_f)])
    app.step([ev_key(pygame.K_RETURN)])
    assert table.state.phase == SHOW and table.state.turn != winner
    app.step([])
    assert top_name(app) == "pass" and table.hidden
    app.art.begin_frame()
    app.dirty = True
    app.draw()
    assert not set(table.state.hands[0]) & set(app.art.faces_drawn)  # no hand shown across the hand-over
    assert not set(table.state.hands[1]) & set(app.art.faces_drawn)
    app.top.ready()
    assert table.viewer != winner and table.buttons["show"].enabled
    assert "group your cards" in table.turn_words()
    shown = table.hand_points()
    app.step([ev_key(pygame.K_w)])
    assert table.state.phase == OVER and table.state.result.points[table.viewer] == shown


def test_every_action_by_keyboard_with_the_focused_card_in_words(app) -> None:
    table = rigged_table(app, "7S 7D 7C 2C 9H KD 4S 5C JH QS 3D 8C 10H 2S 3S 4H 5H 9C JD QD KS")
    app.step([ev_key(pygame.K_n)])
    assert table.state.phase == DISCARD
    app.step([ev_key(pygame.K_RIGHT)])
    first = table.focused_card()
    assert first is not None and kind_pretty(KIND[first]) in table.focus_words()
    app.step([ev_key(pygame.K_SPACE), ev_key(pygame.K_RIGHT), ev_key(pygame.K_SPACE)])
    picked = set(table.selected)
    assert len(picked) == 2
    app.step([ev_key(pygame.K_0)])  # a group of their own
    assert any(sorted(g) == sorted(picked) for g in table.hand_groups().groups)
    app.step([ev_key(pygame.K_u)])  # undone
    assert not any(sorted(g) == sorted(picked) for g in table.hand_groups().groups)
    app.step([ev_key(pygame.K_s)])  # sorted: the meld 7S 7D 7C... kept as grouped by suit otherwise
    app.step([ev_key(pygame.K_RIGHT), ev_key(pygame.K_SPACE), ev_key(pygame.K_f)])  # declare: asked first
    assert top_name(app) == "confirm"
    app.step([ev_key(pygame.K_ESCAPE)])
    app.step([ev_key(pygame.K_d)])  # discard the selected card
    assert table.state.turn != table.viewer and len(table.state.hands[table.viewer]) == 21


def test_the_value_cards_are_marked_and_scored_beside_the_count(app, monkeypatch) -> None:
    from game.ui.indian21 import view

    table = rigged_table(app, "7H 8H 6H 7S 2C 3C 4C 9D 10D JD QS KS AS 5H 5H 2D 4D 6D 8S 10S JC")
    marked = []
    monkeypatch.setattr(view, "draw_mark", lambda surf, art, rect, role, width, seen: marked.append(role))
    app.dirty = True
    app.draw()
    assert sorted(marked) == sorted([words.SAME, words.UPPER, words.LOWER])
    assert "Value cards: 100 (a marriage)" in table.points_note()


def test_the_note_over_the_hand_follows_a_language_change_mid_hand(app) -> None:
    """The count's note is remembered by grouping; a language changed mid-hand words it again."""
    from game import i18n

    table = rigged_table(app, "7H 8H 6H 7S 2C 3C 4C 9D 10D JD QS KS AS 5H 5H 2D 4D 6D 8S 10S JC")
    english = table.points_note()
    try:
        i18n.set_language("ta")
        tamil = table.points_note()
    finally:
        i18n.set_language("en")
    assert "Value cards" in english and "Value cards" not in tamil and tamil
    assert table.points_note() == english


def test_the_hint_is_the_reviews_best_move_selected(app) -> None:
    table = new_table(app, seed=6)
    assert wait_for(app, table.my_turn, 30)
    table.hint_iterations = 4
    app.step([ev_key(pygame.K_h)])
    assert wait_for(app, lambda: table.hint_job is None, 60)
    assert table.message[1] == "good" and table.message[0].startswith("Hint: ")
    assert not RULE_ID.search(table.message[0])


@pytest.mark.parametrize("preset_name, players", [("21-card standard", 2), ("21-card standard", 6),
                                                  ("27-card", 2), ("27-card", 5)])
def test_21_and_27_cards_fit_the_smallest_window_readably(store, preset_name, players) -> None:
    """At 640x480 every card of the hand keeps its index strip in sight, inside the window, under
    the middle and its words, in at most two rows; with the engine's grouping, by suit, and drawn."""
    from game.ui import app as app_module  # noqa: I001  (tools.ui.screenshots before a game's shots)
    from game.ui.cardart import strip_width
    from game.ui.selftest import quick_settings
    from tools.ui import screenshots  # noqa: F401  (first: it loads every game's shots)
    from tools.indian21.shots import _grouped

    application = app_module.App(app_module.MIN_SIZE, store=store, audio=False)
    quick_settings(application)
    try:
        names = ["You", "Meena", "Ravi", "Kavya", "Arjun", "Lakshmi"][:players]
        table = new_table(application, names, ["Human"] + ["Medium"] * (players - 1), preset(preset_name, players))
        assert wait_for(application, table.my_turn, 30)
        table.draw_stock()
        for arrange in (lambda: None, lambda: _grouped(table)):
            arrange()
            lay = table.layout()
            w, h = application.screen.get_size()
            assert len(lay.cards) == len(table.obs.hand) and lay.rows <= 2
            assert lay.hand_w >= 40  # cards a player can read
            rows: dict[int, list] = {}
            for _, rect in lay.cards:
                assert rect.left >= 0 and rect.right <= w and rect.bottom <= lay.message_y
                rows.setdefault(rect.y if rect.y in rows else rect.y + lay.px(14), []).append(rect)
            xs = sorted(r.x for _, r in lay.cards if r.y == lay.hand_y)
            assert all(b - a >= strip_width(lay.hand_w) for a, b in zip(xs, xs[1:]))
            assert lay.label_y - table.fs(20) > lay.news.bottom and lay.label_y > lay.cut.bottom + 2 * 11
            application.dirty = True
            application.draw()
    finally:
        application.shutdown()


def test_a_whole_deal_by_events_then_continue_from_the_title(app) -> None:
    """A whole deal against the bots played by synthetic events (clicks on the stock, double
    clicks and keys to discard, the declaration by keys), its results, the next deal, the save,
    and Continue from the title."""
    rules = RuleSet(players=3, format="deals", deals=2)
    table = new_table(app, ("You", "Meena", "Ravi"), ("Human", "Easy", "Medium"), rules, seed=5)
    mine, declared = 0, False
    for action in my_moves(app, table, plain_action, 400):
        mine += 1
        if action.type == "draw_stock":
            app.step(ev_click(table.layout().stock.center))
        elif action.type == "discard":
            card = next(c for c, _ in table.layout().cards if KIND[c] == action.card)
            rect = dict(table.layout().cards)[card]
            point = (rect.x + 6, rect.y + rect.h // 2)
            app.step(ev_click(point) + ev_click(point))  # a double click discards
        elif action.type == "declare":
            pool = list(table.obs.hand)
            groups = [[pool.pop(next(i for i, c in enumerate(pool) if KIND[c] == k)) for k in g]
                      for g in action.groups]
            finish = pool[0]
            assert pool == [finish] and KIND[finish] == action.card
            table.groups[table.viewer] = HandGroups(groups + [[finish]])
            table.refresh()
            table.selected = {finish}
            app.step([ev_key(pygame.K_f)])
            assert top_name(app) == "confirm", table.message
            assert "valid show" in app.top.detail
            app.step([ev_key(pygame.K_RETURN)])
            declared = True
        else:
            table.play(action)
    saved_at_results(app, "results21", Indian21Match)
    assert mine >= 10 and table.state.result is not None
    assert (table.state.result.winner == 0) == declared  # (this seed: the player shows, by keys)
    assert app.stats.games["indian21"]["hands_played"] == 1  # per game (issue 31.11)
    assert {"21 Cards · Easy", "21 Cards · Medium"} <= set(app.stats.levels)
    app.step([ev_key(pygame.K_RETURN)])  # Next deal
    continued(app, table, "table21")


def test_the_new_game_screen_starts_27_cards_and_6_seats_get_21(app) -> None:
    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    scene.set_game(list(app.games).index("indian21"))
    scene.set_preset(list(scene.front.setup.presets).index("27-card"))
    scene.toggle_advanced()
    assert "Losers' cards" in [getattr(w, "caption", "") for w in scene.rule_widgets]
    for _ in range(3):
        scene.add_seat()
    app.draw()  # five seats: 27 cards
    button(app, "Start").activate()
    assert top_name(app) == "table21" and app.top.match.rules.hand_size == 27
    app.reset_to(app.make("title"))
    scene = app.open("newgame")
    scene.set_game(list(app.games).index("indian21"))
    scene.set_preset(list(scene.front.setup.presets).index("27-card"))
    for _ in range(4):
        scene.add_seat()
    app.draw()  # six seats: the note says 21 cards
    button(app, "Start").activate()
    if top_name(app) == "confirm":
        button(app, "Start new game").activate()
    assert top_name(app) == "table21" and app.top.match.rules.hand_size == 21 and app.top.match.players == 6


def test_the_replay_tells_every_step_without_rule_ids_and_keeps_dropped_hands_hidden(app) -> None:
    from tools.ui import screenshots  # noqa: F401, I001  (first: it loads every game's shots)
    from tools.indian21.shots import replay_document

    doc = replay_document(players=3, seed=8)
    app.reset_to(app.make("title"))
    viewer = app.open("replay", doc, start=len(doc["actions"]))
    viewer.show_all = True
    captions = viewer.timeline.captions
    assert captions and not [c for c in captions if RULE_ID.search(c) or re.search(r"\bJK\b", c)]
    dropped = next(s for s in range(3) if viewer.timeline.states[-1].out[s] == FIRST_DROP)
    viewer.seat = (dropped + 1) % 3
    app.art.begin_frame()
    app.dirty = True
    app.draw()
    assert not set(viewer.timeline.states[-1].hands[dropped]) & set(app.art.faces_drawn)
