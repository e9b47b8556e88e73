"""Issue 48 item 5 for the in-hand games (13-card, 21-card Indian Rummy, Marriage): their tables make
room for longer words rather than cut them (an opponent's lines a measured line height apart, a long
message or points note on more lines, the hand moving up for them; the replay's controls on the rows
their captions need), and the engines' verdict on a declaration's or a show's groups is said in the
player's language (a :class:`~game.core.errors.Verdict`: the same English, with a code and params).
Every scene at 640x480 in the pseudo-language, Tamil and Hindi is checked by
tests/ui/test_every_screen_translated.py; these are the pieces, one at a time."""

from __future__ import annotations

import copy
import pickle

import pygame
import pytest

from game import i18n
from game.core.cards import parse_kind
from game.ui.inhand.layout import build, button_rows, message_top, opponent_rows
from game.ui.refusals import refusal_words
from game.ui.resources import font
from game.ui.wording import shown


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


@pytest.fixture
def tamil():
    i18n.set_language("ta")
    try:
        yield
    finally:
        i18n.set_language(i18n.ENGLISH)


def test_a_verdict_is_the_engines_english_sentence_with_its_code_and_details(tamil) -> None:
    from game.indian13.deck import wild_table
    from game.indian13.melds import MeldRules, problem

    rules = MeldRules(wild_table("cut", "aces_wild", parse_kind("7D")), joker_cap=1, trios=False)
    groups = [kinds(g) for g in ("3H 4H 5H", "9S 10S JS QS", "8C 8D 8S", "3C 9D")]
    verdict = problem(groups, rules)
    assert verdict == "I7.2b: 3C-9D is not a meld (I6)" and isinstance(verdict, str)  # the engine's words, as ever
    assert (verdict.code, verdict.rule, verdict.params) == ("not_a_meld", "I7.2b", {"group": kinds("3C 9D")})
    for again in (pickle.loads(pickle.dumps(verdict)), copy.deepcopy(verdict)):
        assert again == verdict and again.code == "not_a_meld" and again.params == verdict.params
    assert refusal_words(verdict) == "3♣-9♦ கூட்டு அல்ல"  # the table's words in Tamil, cards named as it names them
    i18n.set_language(i18n.ENGLISH)
    assert refusal_words(verdict) == shown(verdict) == "3♣-9♦ is not a meld"  # English byte for byte


def test_a_shows_verdict_counts_in_the_players_language(tamil) -> None:
    from game.indian21.deck import jokers_of
    from game.indian21.melds import MeldRules, show_problem
    from game.indian21.rules import RuleSet

    rules = MeldRules.of(RuleSet(), jokers_of(RuleSet(), parse_kind("7H")))
    groups = [kinds(g) for g in ("2S 3S 4S", "9D 10D JD", "QC JK AC", "5D 5S 5C", "9C 9H 9S", "2H 3H 7C",
                                 "KD KH KS")]
    verdict = show_problem(groups, rules)
    assert verdict == "T7.2a: a show needs 3 pure sequences (tunnelas count), not 2"
    assert verdict.code == "show_pure_sequences" and verdict.params == {"needed": 3, "count": 2}
    assert refusal_words(verdict) == "ஷோவுக்கு 3 தூய சீக்வென்ஸ் தேவை (டனெலாக்களும் கணக்கு), இருப்பது 2"


def test_an_opponents_three_lines_stand_a_line_height_apart_in_a_box_that_holds_them() -> None:
    pygame.init()
    for scale in (0.5, 0.625, 1.0):
        name, status, total, height = opponent_rows(scale)
        small = font(max(12, round(18 * scale))).get_linesize()
        assert status - name >= font(max(12, round(19 * scale)), True).get_linesize() and total - status >= small
        assert total + small <= height
    assert opponent_rows(1.0)[3] == 84  # a large window's box as ever


def test_a_long_message_or_note_moves_the_hand_up_by_its_lines_and_wide_words_widen_the_boxes() -> None:
    pygame.init()
    groups = [list(range(i * 7, i * 7 + 7)) for i in range(4)]  # 28 cards in two rows, as large as they fit
    buttons, slots = ("sort", "group", "discard", "menu"), ("cut", "stock", "discard")

    def lay(**options):
        return build((640, 480), 1.0, 2, groups, set(), set(), buttons, slots, 2.0, 30, **options)

    one, two, note = lay(), lay(message_lines=2), lay(note_lines=3)
    line = font(12).get_linesize()
    assert two.message_y == one.message_y - line and two.message_lines == 2
    assert message_top(one.buttons, (640, 480), 0.5, 3) == one.message_y - 2 * line
    assert max(r.bottom for _c, r in two.cards) <= two.message_y  # the hand clear of the message's first line
    room = note.news.bottom + 4 + 15  # px(8) and the game's top room, px(30), at 640x480
    assert one.label_y < room + 2 * line <= note.label_y and note.hand_w < one.hand_w  # two lines more, smaller cards
    wide = lay(opponent_need=200)
    assert wide.opponents[0].w == 200 > one.opponents[0].w  # the words' width, where the top has room
    assert lay(opponent_need=2000).opponents[0].w == (640 - 12) // 2 - 5  # never wider than its share


def test_buttons_whose_captions_need_more_than_one_row_take_two_each_as_wide_as_it_needs() -> None:
    names = tuple(f"b{i}" for i in range(11))
    one = button_rows((640, 480), 0.5, names, [40] * 11)
    assert len({r.y for r in one.values()}) == 1
    two = button_rows((640, 480), 0.5, names, [70] * 11)
    assert len({r.y for r in two.values()}) == 2 and all(r.w >= 70 for r in two.values())
    assert all(0 <= r.x and r.right <= 640 for r in two.values())
