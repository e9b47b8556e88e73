"""The deal review of Indian Marriage (ai/marriage/review.py): a replay of a bot deal reviews,
every decision of the seat is rated, the review reads only the seat's observation (no joker it
did not know, M13), it is reproducible, its best move is legal and rated best, and both review
commands answer for a Marriage replay."""

from __future__ import annotations

import random

import pytest

from ai.marriage import make_bot
from ai.marriage.front import FRONT
from ai.marriage.review import analyse, best_move, decision_kind, decisions_of, describe, review
from ai.safety import SafeBot
from game.marriage import Action, RuleSet, apply, legal_actions, new_deal, observe
from game.marriage.actions import DECLARE, DISCARD, DRAW_STOCK, EXPOSE, SEE_MAAL, TAKE_DISCARD
from game.marriage.deck import KIND
from game.marriage.state import DISCARD as DISCARD_PHASE
from game.marriage.state import DRAW, OVER
from game.marriage.state import EXPOSE as EXPOSE_PHASE
from game.replay import Recorder, states
from tests import family

from .helpers import reshuffle_hidden

ITER = 4  # small: the tests check the logic, the benchmark the numbers
PHASE_KINDS = {EXPOSE_PHASE: "expose", DRAW: "draw", DISCARD_PHASE: "discard"}


def recorded_deal(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None) -> dict:
    """A deal played by bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given."""
    return family.recorded_deal(FRONT, RuleSet(players=players), seed, bot, seat_bot)


def test_a_replay_of_a_bot_deal_reviews_every_decision_reproducibly() -> None:
    doc = recorded_deal(3)
    a = review(doc, 0, iterations=ITER, seed=5)
    b = review(doc, 0, iterations=ITER, seed=5)
    assert a.to_json() == b.to_json()
    every = states(doc)
    wanted = [i for i, entry in enumerate(doc["actions"])
              if entry["action"]["player"] == 0 and every[i].phase in PHASE_KINDS
              and (every[i].phase != EXPOSE_PHASE or len(legal_actions(every[i])) > 1)]
    assert [d.step for d in a.decisions] == wanted and wanted  # every decision of the seat, rated
    assert [step for step, *_ in decisions_of(doc, 0)] == wanted
    for d in a.decisions:
        assert d.kind == PHASE_KINDS[every[d.step].phase]
        assert d.chosen.actions[0] == doc["actions"][d.step]["action"]  # the move rated is the one played
        assert d.verdict in ("best", "good", "inaccuracy", "mistake", "only")
        assert 0 <= d.chosen.win <= 1 and 0 <= d.best.win <= 1 and d.loss >= 0
    assert a.accuracy is None or 0 <= a.accuracy <= 1
    assert "decisions" in a.summary() or a.summary().startswith("No decision")


def test_a_five_seat_deal_with_an_exposure_a_sight_and_a_finish_reviews() -> None:
    doc = recorded_deal(17, players=5)
    end = states(doc)[-1]
    assert end.result is not None
    seat = end.result.winner if end.result.winner is not None else 0
    found = decisions_of(doc, seat)
    kinds = {doc["actions"][step]["action"]["type"] for step, *_ in found}
    assert {EXPOSE, DRAW_STOCK, DISCARD, SEE_MAAL, DECLARE} <= kinds  # every kind of decision
    r = review(doc, seat, iterations=2, seed=1)
    assert [d.step for d in r.decisions] == [step for step, *_ in found]
    assert {d.kind for d in r.decisions} == {"expose", "draw", "discard"}


def _unseen_while_another_has(doc: dict, seat: int) -> list:
    """The decisions of ``seat`` taken while another seat had seen the maal and it had not."""
    return [d for d in decisions_of(doc, seat) if d[3].seen[seat] is None and d[3].tiplu is not None]


def test_m13_the_analysis_reads_only_the_observation_and_no_joker_it_did_not_know() -> None:
    """The other hands and the stock dealt again, and, for a seat that has not seen while another
    has, the tiplu swapped for another card it cannot see: the same analysis, so nothing of the
    jokers it may not know reaches the review's determinizations."""
    checked = hidden_tiplu = 0
    for seed in range(40):
        doc = recorded_deal(seed, players=3)
        found = _unseen_while_another_has(doc, 0)
        picks = (found[:2] + decisions_of(doc, 0)[3:4]) if found else []
        for step, kind, chosen, before in picks:
            other = reshuffle_hidden(before, 0, random.Random(step))
            if before.seen[0] is None and before.tiplu is not None:
                assert other.tiplu is not None
                hidden_tiplu += KIND[other.tiplu] != KIND[before.tiplu]
            a = analyse(observe(before, 0), chosen, kind, iterations=ITER, seed=9, step=step)
            b = analyse(observe(other, 0), chosen, kind, iterations=ITER, seed=9, step=step)
            assert a == b, (seed, step)
            checked += 1
        if hidden_tiplu >= 2:
            break
    assert checked and hidden_tiplu, "no decision of a seat that had not seen while the tiplu was set"


def test_no_best_move_when_it_is_not_the_seats_turn() -> None:
    state = new_deal(RuleSet(players=2), random.Random(1))
    obs = observe(state, 1 - state.turn)
    assert decision_kind(obs) is None
    with pytest.raises(ValueError):
        best_move(obs, iterations=ITER)


def test_moves_in_a_players_words() -> None:
    state = new_deal(RuleSet(players=2), random.Random(2))
    p = state.turn
    assert describe(Action.draw_stock(p), state) == "draw from the stock"
    assert describe(Action(p, TAKE_DISCARD), state).startswith("take ")
    assert describe(Action.discard(p, 12), state).startswith("discard K")
    assert describe(Action.expose(p, []), state) == "expose no tunnela"
    assert "tunnela" in describe(Action(p, EXPOSE, groups=((5, 5, 5),)), state)
    assert describe(Action(p, SEE_MAAL, groups=tuple((k, k) for k in range(7))), state) == \
        "see the maal by seven dublees"
    assert describe(Action(p, SEE_MAAL, groups=((0, 1, 2), (3, 4, 5), (6, 7, 8))), state).startswith(
        "see the maal showing")
    assert describe(Action(p, DECLARE, card=20, groups=()), state).startswith("declare, putting")


def test_the_front_holds_the_review() -> None:
    from ai.marriage import review as module

    assert FRONT.review is module


def test_a_deal_played_by_following_every_best_move_is_rated_best_by_its_review() -> None:
    """One source of advice: the table's Hint (best_move, from the live deal) and the review of the
    recorded deal (its states rebuilt from the replay, the decks' copies numbered afresh) agree on
    every decision of the seat that followed it."""
    state = new_deal(RuleSet(players=2), random.Random(31))
    rec = Recorder()
    rec.start(state, "marriage", match_id="20260101-000000-000003", hand_no=0, seed=31)
    other = SafeBot(make_bot("heuristic", random.Random(1)), FRONT)
    followed = 0
    for _ in range(FRONT.max_actions):
        if state.phase == OVER:
            break
        if state.turn == 0 and decision_kind(observe(state, 0)) is not None and len(legal_actions(state)) > 1:
            action = Action.from_json(best_move(observe(state, 0), iterations=ITER).actions[0], 2)
            followed += 1
        elif state.turn == 0:
            action = legal_actions(state)[0]
        else:
            action = other.next_action(state)
        state = apply(state, action)
        rec.add(action.player, action)
    assert state.phase == OVER and followed
    result = review(rec.finish(state), 0, iterations=ITER)
    assert result.decisions and all(d.verdict in ("best", "only") for d in result.decisions), \
        [(d.step, d.note) for d in result.decisions if d.verdict not in ("best", "only")]
