"""Every worked example of INDIAN_21.md M14 (tiplu 5D unless stated), with its exact numbers,
played through the engine where the example is a play."""

from __future__ import annotations

from collections import Counter

from game.marriage import Action, best_marriages, combination, jokers_of, maal_points, observe

from .helpers import K, Ks, act, expect_illegal, flat, groups, make_state, toks

TIPLU = K("5D")
J = jokers_of(TIPLU)
A_EXPOSED, A_SHOWN = "6H 6H 6H", "AS 2S 3S | 9C 10C JC"
A_GROUPS = "7S 8S 5S | KS KC KH | 9H 9S 6D | 4D 5D 6D"  # M14.4, finish QS
B_SHOWN = "2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10S"  # M14.5
B_HAND = "AH 7C 9D 4S JS 2D QC"
OTHER_PURE = "2H 3H 4H | 7D 8D 9D | 10H JH QH"  # pure combinations without maal


def test_m14_1_combinations_for_a_seat_that_has_seen():
    for text in ("6H 6H 6H", "AS 2S 3S", "QS KS AS", "8C 9C 5S", "KS KC KH", "9S 9H 6D", "JH 5S 4D"):
        assert combination(Ks(text), TIPLU, 2) is not None, text
    for text in ("KS AS 2S", "9S 9S 9C", "10D 10D 5C", "7H 8H 9H 10H"):
        assert combination(Ks(text), TIPLU, 2) is None, text
    assert combination(Ks("8C 9C 5S"), None, 2) is None  # a seat that has not seen


def test_m14_2_a_sees_with_an_exposed_tunnela_and_two_pure_sequences_and_sets_the_tiplu():
    stock = "2D 3D 4C 7C 5D 8D 9D JS QD"  # s = 9: index 4 from the top is the tiplu
    state = make_state(3, hands=[flat(A_SHOWN)], exposed=[A_EXPOSED], phase="discard", stock=stock)
    assert state.tiplu is None
    after = act(state, Action.see_maal(0, groups(A_SHOWN)))
    assert after.seen[0] == "pure" and toks([after.tiplu]) == ["5D"] and len(after.stock) == 8
    assert [toks(g) for g in after.exposed[0]] == [["6H"] * 3] and len(after.shown[0]) == 2
    assert observe(after, 0).tiplu == after.tiplu and observe(after, 1).tiplu is None


def test_m14_3_a_joker_on_the_discard_pile():
    for top in ("5H", "6D"):
        kw = dict(seen=["pure", None], shown=[A_SHOWN + " | 4H 5H 6H"], tiplu="5D", discard="9C " + top)
        expect_illegal(make_state(2, **kw), Action.take_discard(0), "joker_on_discard_pile", "M5.1")
        taken = act(make_state(2, turn=1, **kw), Action.take_discard(1))
        assert toks(taken.hands[1])[-1] == top


def a_wins_state(players: int = 3, **kw):
    """A (seat 0) holds the 13 cards of M14.4 in phase discard."""
    kw.setdefault("seen", ["pure"] + [None] * (players - 1))
    return make_state(players, hands=[flat(A_GROUPS) + ["QS"], *kw.pop("hands", [])], exposed=[A_EXPOSED],
                      shown=[A_SHOWN, *kw.pop("shown", [])], tiplu="5D", phase="discard", **kw)


def test_m14_4_a_valid_w1_finish_and_a_maal_of_17():
    state = a_wins_state()
    assert len(state.hands[0]) == 13
    over = act(state, Action.declare(0, K("QS"), groups(A_GROUPS)))
    assert over.result.reason == "declared" and over.result.winner == 0 and toks([over.finish]) == ["QS"]
    assert over.result.maal[0] == 17  # 5 (exposed tunnela) + 10 (one marriage) + 2 (the other 6D)
    assert best_marriages(1, 2, 1, 20) == (12, 1)
    assert over.result.groups[0] == tuple(tuple(g) for g in groups(A_GROUPS))


def test_m14_5_b_finishes_with_an_eighth_dublee_the_rest_unchecked():
    state = make_state(2, hands=[B_HAND], shown=[B_SHOWN], seen=["dublee", None], tiplu="5D", stock_top="AH")
    drawn = act(state, Action.draw_stock(0))
    over = act(drawn, Action.declare(0, K("QC"), [Ks("AH AH")]))
    assert over.result.reason == "dublees" and over.result.winner == 0
    assert Counter(toks(over.hands[0])) == Counter("AH AH 7C 9D 4S JS 2D".split())  # 7C 9D 4S JS 2D unchecked


def test_m14_6_an_invalid_finish_is_accepted_and_charged():
    hand = "8C 9C 10D | JD JH JS | 6D 7D 8D | AH AD AC"
    state = make_state(3, hands=[None, None, flat(hand) + ["2D"]], turn=2, phase="discard",
                       seen=["pure", "pure", "pure"], shown=[A_SHOWN + " | 4H 5H 6H", OTHER_PURE,
                                                            "2C 3C 4C | 5H 6H 7H | JC QC KC"], tiplu="5D")
    after = act(state, Action.declare(2, K("2D"), groups(hand)))
    assert after.out[2] == "invalid_finish" and after.phase == "draw" and after.turn == 0


def test_m14_7_maal_counts():
    def maal(text: str, exposed: str = "", double: int = 20) -> int:
        return maal_points(Ks(text), [Ks(g) for g in exposed.split("|") if g.strip()], J, double)

    assert maal("5D 6D 4D") == 10  # a marriage, not 3 + 2 + 2
    assert maal("5D 6D 6D 6D 4D 4D 4D") == 23  # no marriage: 3 + 10 + 10, better than 10 + 5 + 5
    assert maal("5D 5D 6D 6D 4D 4D") == 20 and maal("5D 5D 6D 6D 4D 4D", double=30) == 30
    assert best_marriages(2, 2, 2, 20) == (20, 2) and best_marriages(2, 2, 2, 0) == (17, 0)
    assert maal("", "6D 6D 6D") == 20 and maal("", "5S 5S 5S") == 10 and maal("", "KH KH KH") == 5
    assert maal("6D 6D 6D") == 10  # held without being exposed


def test_m14_7_exposed_tunnelas_score_through_the_engine():
    a_groups = "7S 8S 9S | KS KC KD | 2C 3C 4C | JD JC JH"
    for exposed, held, maal in (("6D 6D 6D | 5S 5S 5S | KH KH KH", None, 35), (None, "6D 6D 6D", 10)):
        state = make_state(2, hands=[flat(a_groups) + ["QS"], held], exposed=[A_EXPOSED, exposed],
                           shown=[A_SHOWN, None if exposed else OTHER_PURE], seen=["pure", "pure"], tiplu="5D",
                           phase="discard")
        over = act(state, Action.declare(0, K("QS"), groups(a_groups)))
        assert over.result.maal == (5, maal)


def test_m14_8_three_seats_a_wins_by_w1():
    kw = dict(hands=["4D 4D", "5D"], shown=[OTHER_PURE], seen=["pure", "pure", None])
    over = act(a_wins_state(**kw), Action.declare(0, K("QS"), groups(A_GROUPS)))
    r = over.result
    assert r.maal == (17, 5, 3) and r.game_points == (0, 3, 10) and r.net == (39, -13, -26)
    zero = act(a_wins_state(unseen_maal="zero", **kw), Action.declare(0, K("QS"), groups(A_GROUPS)))
    assert zero.result.maal == (17, 5, 0) and zero.result.net == (42, -10, -32)


def test_m14_9_four_seats_w_wins_by_w2():
    state = make_state(4, hands=[B_HAND, "5D 5D", "6D", "4D"],
                       shown=[B_SHOWN, OTHER_PURE, None, A_SHOWN + " | 4H 5H 6H"],
                       seen=["dublee", "pure", None, "pure"], tiplu="5D", stock_top="AH")
    over = act(state, Action.draw_stock(0), Action.declare(0, K("QC"), [Ks("AH AH")]))
    r = over.result
    assert r.reason == "dublees" and r.maal == (0, 7, 2, 2) and r.game_points == (0, 8, 15, 8)
    assert r.net == (20, 9, -18, -11) and sum(r.net) == 0


def test_m14_10_an_invalid_finisher_takes_part_in_the_settlement():
    c_hand = "8C 9C 10D | JD JH JS | 6D 7D 8D | AH AD AC"
    a_groups = "4D 5D 6D | KS KC KH | 7S 8S 9S | 2H 3H 4H"
    a_hand = flat(a_groups)[:-1] + ["QS"]  # 12 cards; the 4H comes from the stock
    state = make_state(3, hands=[a_hand, None, flat(c_hand) + ["2D"]], turn=2, phase="discard",
                       seen=["pure", "pure", "pure"],
                       shown=[A_SHOWN + " | QH QH QH", "3S 4S 5S | 7H 8H 9H | QD KD AD",
                              "2C 3C 4C | 5H 6H 7H | JC QC KC"],
                       tiplu="5D", stock_top="4H")
    after = act(state, Action.declare(2, K("2D"), groups(c_hand)))  # M14.6: 8C 9C 10D is no combination
    assert after.out[2] == "invalid_finish" and after.turn == 0 and toks(after.discard)[-1] == "2D"
    over = act(after, Action.draw_stock(0), Action.declare(0, K("QS"), groups(a_groups)))
    r = over.result
    assert r.reason == "declared" and r.winner == 0
    assert r.maal == (10, 0, 2) and r.game_points == (0, 3, 13) and r.net == (34, -15, -19)


def test_m14_11_the_stock_runs_out():
    state = make_state(2, hands=["KS"], phase="discard", stock="", discard="9H 2C", seen=["pure", None],
                       shown=[A_SHOWN + " | 4H 5H 6H"], tiplu="5D")
    under = Counter(toks(state.discard))
    after = act(state, Action.discard(0, K("KS")))
    assert toks(after.discard) == ["KS"] and Counter(toks(after.stock)) == under and toks([after.tiplu]) == ["5D"]
