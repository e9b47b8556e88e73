"""M10 maal points and M11 settlement, by example and against brute force."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from game.marriage import Action, best_marriages, jokers_of, maal_points
from game.marriage.maal import SIDE_POINTS, TIPLU_POINTS
from game.marriage.scoring import net_points

from .helpers import K, Ks, act, flat, groups, make_state

J = jokers_of(K("5D"))
PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"


def brute_maal(t: int, p: int, j: int, double: int) -> int:
    """Every way to give each maal card to a marriage (of up to 2) or to its own count."""
    best = 0
    cards = ["t"] * t + ["p"] * p + ["j"] * j
    for roles in product((0, 1, 2), repeat=len(cards)):  # 0: counts alone; 1, 2: in that marriage
        marriages = [Counter_of(cards, roles, m) for m in (1, 2)]
        if any(m not in ({}, {"t": 1, "p": 1, "j": 1}) for m in marriages):
            continue
        k = sum(1 for m in marriages if m)
        alone = Counter_of(cards, roles, 0)
        score = (0, 10, double)[k] + TIPLU_POINTS[alone.get("t", 0)] + SIDE_POINTS[alone.get("p", 0)] + \
            SIDE_POINTS[alone.get("j", 0)]
        best = max(best, score)
    return best


def Counter_of(cards: list[str], roles: tuple[int, ...], role: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for c, r in zip(cards, roles):
        if r == role:
            out[c] = out.get(c, 0) + 1
    return out


@given(st.integers(0, 2), st.integers(0, 3), st.integers(0, 3), st.integers(0, 40))
def test_m10_2_the_best_k_matches_brute_force(t, p, j, double):
    points, k = best_marriages(t, p, j, double)
    assert points == brute_maal(t, p, j, double)
    assert k <= min(t, p, j) and points == (0, 10, double)[k] + TIPLU_POINTS[t - k] + SIDE_POINTS[p - k] + \
        SIDE_POINTS[j - k]


def test_m10_2_maal_table():
    assert [maal_points(Ks(t), [], J, 20) for t in ("5D", "5D 5D", "6D", "6D 6D", "6D 6D 6D", "4D", "4D 4D 4D")] == \
        [3, 7, 2, 5, 10, 2, 10]
    assert maal_points(Ks("5S 5H 5C 6H 4C KD"), [], J, 20) == 0  # ordinary jokers and other cards: no maal
    assert maal_points(Ks("5D 6D 4D 5D 6D"), [], J, 20) == 15  # one marriage (10) + 3 + 2 beats 7 + 5 + 2
    assert maal_points(Ks("5D 6D 4D 5D 6D 4D"), [], J, 30) == 30


def test_m10_1_exposed_tunnelas_score_and_their_cards_score_nothing_else():
    assert maal_points([], [Ks("6D 6D 6D")], J, 20) == 20
    assert maal_points([], [Ks("4D 4D 4D")], J, 20) == 20
    assert maal_points([], [Ks("5C 5C 5C"), Ks("KH KH KH")], J, 20) == 15
    assert maal_points(Ks("5D 4D"), [Ks("6D 6D 6D")], J, 20) == 20 + 5  # no marriage with exposed poplu


def test_m10_counted_from_the_21_kept_cards_shown_or_not_not_the_finish_card():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    state = make_state(2, hands=[flat(hand) + ["5D"], "6D"], seen=["pure", None],
                       shown=["4D 5D 6D | 9C 10C JC | QS KS AS"], tiplu="QD", phase="discard")
    over = act(state, Action.declare(0, K("5D"), groups(hand)))
    assert over.result.maal == (0, 0)  # tiplu QD: the 5D is no maal
    state = make_state(2, hands=[flat(hand) + ["6D"], "4D 4D"], seen=["pure", None],
                       shown=["4D 5D 6D | 9C 10C JC | QS KS AS"], tiplu="5D", phase="discard")
    over = act(state, Action.declare(0, K("6D"), groups(hand)))
    assert over.result.maal == (10, 5)  # the shown marriage counts; the finish 6D does not


def test_m10_3_unseen_maal_counted_or_zero():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    for option, expected in (("counted", (0, 7)), ("zero", (0, 0))):
        state = make_state(2, hands=[flat(hand) + ["QS"], "5D 5D"], seen=["pure", None], shown=[PURE3],
                           tiplu="5D", phase="discard", unseen_maal=option)
        over = act(state, Action.declare(0, K("QS"), groups(hand)))
        assert over.result.maal == expected and sum(over.result.net) == 0


def test_m11_settlement_seen_unseen_dublee_bonus_invalid_penalty():
    assert net_points((17, 5, 3), (0, 3, 10), 0) == (39, -13, -26)  # M14.8
    assert net_points((0, 7, 2, 2), (0, 8, 15, 8), 0) == (20, 9, -18, -11)  # M14.9
    assert net_points((10, 0, 2), (0, 3, 13), 0) == (34, -15, -19)  # M14.10


@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 80), min_size=n, max_size=n), st.lists(st.integers(0, 40), min_size=n, max_size=n),
    st.integers(0, n - 1))))
def test_m11_net_sums_to_zero_and_every_pair_settles_its_difference(case):
    maal, owed, winner = case
    owed[winner] = 0
    net = net_points(maal, owed, winner)
    assert sum(net) == 0
    n = len(maal)
    for s in range(n):  # each seat collects M_s from every other and pays each other its M
        pairwise = sum(maal[s] - maal[o] for o in range(n) if o != s)
        assert net[s] == pairwise + (sum(owed) if s == winner else -owed[s])


def test_m11_game_points_through_the_engine():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    state = make_state(4, hands=[flat(hand) + ["QS"]], seen=["pure", "pure", None, "dublee"],
                       shown=[PURE3, "3C 4C 5C | 6S 7S 8S | JD QD KD",
                              None, "2C 2C | 3D 3D | 8S 8S | JS JS | KC KC | QC QC | 9S 9S"],
                       tiplu="AD", phase="discard", seen_game_points=4, unseen_game_points=11)
    over = act(state, Action.declare(0, K("QS"), groups(hand)))
    assert over.result.game_points == (0, 4, 11, 4) and over.result.net[0] == 19 + 4 * over.result.maal[0] - sum(
        over.result.maal)
