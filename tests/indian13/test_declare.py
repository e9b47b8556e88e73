"""I7 (declaration) and I8 (invalid declaration), through ``apply``."""

from __future__ import annotations

from game.indian13 import Action, legal_actions, observe, to_json
from game.indian13.deck import KIND

from .helpers import K, act, check_invariants, expect_illegal, groups, make_state, toks

VALID = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"  # I14.1, wild 7
INVALID_TEXT = "3H PJ 5H | 9S 7C JS | 8C 8D 8S | KH KC KD KS"  # I14.5
LOSER = "2S 3S 4S 9H 5C JH KS KD QC 8D 7S AH 3D"  # I14.9 (58 with wild 5)
LOSER2 = "2D 3D 4D 9C 5H JC KS QH QS 8H 6S AC 3C"  # 56 with wild 5 (QS KS 5H is a sequence)
NO_LIFE = "2S 3S 4S QS QD QC 6H 8C 9D 2H 3C 4D 7H"  # I14.10: 78 with wild 5, 39 outside its melds


def hand_of(text: str, extra: str = "") -> list[str]:
    return text.replace("|", " ").replace("PJ", "JK").split() + extra.split()


def discard_state(players: int = 2, text: str = VALID, finish: str = "2D", cut: str = "7D", **kw: object):
    return make_state(players, hands=[hand_of(text, finish)], cut=cut, phase="discard", **kw)


def test_i7_1_the_finish_card_goes_face_down():
    after = act(discard_state(), Action.declare(0, K("2D"), groups(VALID)))
    assert toks([after.finish]) == ["2D"] and len(after.hands[0]) == 13
    assert "2D" not in toks(after.discard)
    assert to_json(after)["finish"] == "2D"


def test_i7_1_the_cards_must_be_the_fourteen_held():
    state = discard_state()
    short = groups(VALID)[:-1]
    expect_illegal(state, Action.declare(0, K("2D"), short), "declare_cards_mismatch", "I7.1")
    expect_illegal(state, Action.declare(0, K("2C"), groups(VALID)), "declare_cards_mismatch", "I7.1")
    extra = groups(VALID) + [[K("2D")]]
    expect_illegal(state, Action.declare(0, K("2D"), extra), "declare_cards_mismatch", "I7.1")
    expect_illegal(make_state(2), Action.declare(0, K("2D"), groups(VALID)), "draw_first", "I5.2")


def test_i7_2_the_declaration_is_listed_by_the_legal_move_source():
    state = discard_state()
    declares = [a for a in legal_actions(state) if a.type == "declare"]
    assert declares and all(KIND[c] != 0 for c in state.hands[0])
    assert K("2D") in {a.finish for a in declares}
    for a in declares:
        assert act(state, a).result.reason == "declared"
    assert not [a for a in legal_actions(state, declarations=False) if a.type == "declare"]


def test_i7_2_a_hand_that_cannot_go_out_lists_no_declaration():
    state = discard_state(text=INVALID_TEXT)
    assert not [a for a in legal_actions(state) if a.type == "declare"]


def test_i7_4_judged_as_submitted_by_default():
    shuffled = groups("3H 4H 5H 9S | 10S JS QS | 8C 8D 8S | KH KC KD")
    after = act(discard_state(3), Action.declare(0, K("2D"), shuffled))
    assert after.out[0] == "invalid_declaration"


def test_i7_4_auto_arrange_declarer_finds_a_valid_grouping():
    shuffled = groups("3H 4H 5H 9S | 10S JS QS | 8C 8D 8S | KH KC KD")
    after = act(discard_state(3, auto_arrange_declarer=True), Action.declare(0, K("2D"), shuffled))
    assert after.result.reason == "declared" and after.result.winner == 0
    assert sorted(len(g) for g in after.result.groups[0]) == [3, 3, 3, 4]
    hopeless = groups(INVALID_TEXT)
    after = act(discard_state(3, text=INVALID_TEXT, auto_arrange_declarer=True), Action.declare(0, K("2D"), hopeless))
    assert after.out[0] == "invalid_declaration"


def test_i7_5_losers_are_arranged_by_the_engine():
    state = make_state(3, hands=[hand_of(VALID, "2D"), LOSER, LOSER2], cut="5D", phase="discard")
    vgroups = groups(VALID)
    after = act(state, Action.declare(0, K("2D"), vgroups))
    r = after.result
    assert r.points == (0, 58, 56) and r.gain == 114
    assert [list(g) for g in r.groups[0]] == vgroups
    assert sorted(toks(after.hands[1])) == sorted(t for g in to_json(after)["result"]["groups"][1] for t in g)


def test_i7_5_losers_show_in_turn_without_auto_arrange():
    state = make_state(4, hands=[hand_of(VALID, "2D"), LOSER, 13, 13], cut="5D", phase="discard",
                       out=[None, None, "first_drop", None], auto_arrange_losers=False)
    after = act(state, Action.declare(0, K("2D"), groups(VALID)))
    assert after.phase == "show" and after.turn == 1 and after.result is None
    expect_illegal(after, Action.draw_stock(1), "wrong_phase", "I7.5")
    expect_illegal(after, Action.show(1, [[K("2S")]]), "show_cards_mismatch", "I10.3")
    obs = observe(after, 3)
    assert obs.finish == after.finish and obs.revealed_hands[0] is not None and obs.revealed_hands[1] is None
    shown = groups("2S 3S 4S | 9H 5C JH | KS KD QC 8D 7S AH 3D")
    after = act(after, Action.show(1, shown))
    assert after.phase == "show" and after.turn == 3
    everything = [[KIND[c] for c in after.hands[3]]]
    after = act(after, Action.show(3, everything))
    r = after.result
    assert after.phase == "over" and r.winner == 0 and r.reason == "declared"
    total3 = sum(after.points[KIND[c]] for c in after.hands[3])
    assert r.points == (0, 58, 10, min(total3, 80))
    assert r.groups[1] == tuple(tuple(g) for g in shown) and r.groups[2] is None


def test_i10_3_a_shown_group_that_is_no_meld_counts_as_loose():
    state = make_state(3, hands=[hand_of(VALID, "2D"), LOSER, 13], cut="5D", phase="discard",
                       auto_arrange_losers=False)
    after = act(state, Action.declare(0, K("2D"), groups(VALID)))
    lazy = groups("2S 3S | 4S 9H 5C JH KS KD QC 8D 7S AH 3D")  # no sequence shown: all 13 count
    after = act(after, Action.show(1, lazy))
    assert after.phase == "show" and after.turn == 2
    after = act(after, legal_actions(after)[0])
    assert after.result.points[1] == 80  # 2+3+4+9+0+10+10+10+10+8+7+10+3 = 86, capped


def test_i7_6_first_turn_bonus_halves_and_spares_melds_of_seats_yet_to_play():
    hand = hand_of(VALID, "2D")
    opts = {"first_turn_bonus": True}
    state = make_state(3, hands=[hand[:-1], LOSER, NO_LIFE], cut="5D", stock_top="2D", **opts)
    after = act(state, Action.draw_stock(0), Action.declare(0, K("2D"), groups(VALID)))
    # neither has played: loose cards only, life or not (KS KD 5C may be a set: 57), halved
    assert after.result.points == (0, 28, 19)
    plain = make_state(3, hands=[hand[:-1], LOSER, NO_LIFE], cut="5D", stock_top="2D")
    assert act(plain, Action.draw_stock(0), Action.declare(0, K("2D"), groups(VALID))).result.points == (0, 58, 78)
    round_played = [e for s, card in ((0, "9C"), (1, "8C"), (2, "5C"))  # a whole round: seat 0's second turn
                    for e in ({"player": s, "type": "draw_stock"}, {"player": s, "type": "discard", "card": card})]
    later = make_state(3, hands=[hand[:-1], LOSER, NO_LIFE], cut="5D", stock_top="2D", **opts, history=round_played,
                       has_drawn=[True, True, True])
    assert act(later, Action.draw_stock(0), Action.declare(0, K("2D"), groups(VALID))).result.points == (0, 58, 78)


def test_i8_2_invalid_declaration_is_charged_and_play_continues():
    state = discard_state(4, text=INVALID_TEXT)
    after = act(state, Action.declare(0, K("2D"), groups(INVALID_TEXT)))
    assert after.out[0] == "invalid_declaration" and after.phase == "draw" and after.turn == 1
    assert len(after.hands[0]) == 14 and after.finish is None
    assert sorted(toks(after.hands[0])) == sorted(toks(state.hands[0]))
    check_invariants(after)
    # later the deal is won: the 80 goes to the winner
    rest = act(after, Action.drop(1), Action.drop(2))
    assert rest.result.reason == "all_dropped" and rest.result.winner == 3
    assert rest.result.points == (80, 10, 10, 0) and rest.result.gain == 100


def test_i8_2_penalty_is_an_option():
    after = act(discard_state(2, text=INVALID_TEXT, invalid_declare_penalty=55),
                Action.declare(0, K("2D"), groups(INVALID_TEXT)))
    assert after.result.points == (55, 0)


def test_i8_2_invalid_declaration_can_end_the_deal():
    state = make_state(3, hands=[hand_of(INVALID_TEXT, "2D"), LOSER, 13], cut="5D", phase="discard",
                       invalid_declare_ends_deal=True)
    after = act(state, Action.declare(0, K("2D"), groups(INVALID_TEXT)))
    r = after.result
    assert after.phase == "over" and r.reason == "invalid_declaration" and r.winner is None and r.gain == 0
    assert r.points[0] == 80 and r.points[1] == 58 and r.groups[0] is None and r.groups[1] is not None


def test_i8_3_the_engine_accepts_any_split_of_the_cards():
    anyhow = [[K(t)] for t in hand_of(VALID)]
    after = act(discard_state(3), Action.declare(0, K("2D"), anyhow))
    assert after.out[0] == "invalid_declaration"
    empty_group = groups(VALID) + [[]]
    assert act(discard_state(3), Action.declare(0, K("2D"), empty_group)).out[0] == "invalid_declaration"


def test_i8_1_the_penalty_is_the_engines_choice_80_by_default():
    after = act(discard_state(3, text=INVALID_TEXT), Action.declare(0, K("2D"), groups(INVALID_TEXT)))
    rest = act(after, Action.drop(1))
    assert rest.result.points == (80, 10, 0)


def test_i10_2_the_declarer_scores_zero():
    state = make_state(2, hands=[hand_of(VALID, "2D"), LOSER], cut="5D", phase="discard")
    r = act(state, Action.declare(0, K("2D"), groups(VALID))).result
    assert r.points[0] == 0 and r.winner == 0 and r.gain == r.points[1] == 58
