"""Hot-seat privacy (V12): the card renderer records every face-up card it draws in a frame.
During a hand-over no hand is drawn at all; on a human's turn exactly what that human may see."""

from __future__ import annotations

from game.ui import selftest
from game.ui.selftest import wait_for
from game.ui.vazhushal import smoke as vazhushal_smoke
from game.vazhushal import OVER, observe

from .helpers import human_vs_bot, open_table


def public_cards(state) -> set[int]:
    cards = set(state.line)
    for seat in state.melds:
        for m in seat:
            cards |= set(m.cards)
    return cards


def faces(app, match) -> tuple[set[int], object]:
    """The face-up cards of one frame, and the state that frame showed (a bot may act in the step)."""
    app.dirty = True
    app.step([])
    return {c for c in app.art.faces_drawn if c >= 0}, match.state


def test_hot_seat_never_draws_another_hand(app):
    match = human_vs_bot(seed=5, players=3, humans=2)
    table = open_table(app, match)
    checked_pass = checked_turn = 0
    for _ in range(400):
        state = match.state
        if state.phase == OVER or (checked_pass >= 6 and checked_turn >= 6):
            break
        top = selftest.top_name(app)
        if top == "pass":
            drawn, state = faces(app, match)
            hands = set().union(*map(set, state.hands))
            assert not drawn & hands, "a hand card was drawn during the hand-over"
            assert drawn <= public_cards(state)
            checked_pass += 1
            selftest.click_at(app, (30, 30))
            continue
        if table.my_turn() and top == "table":
            drawn, state = faces(app, match)
            viewer = table.viewer
            assert viewer == state.turn
            assert drawn == set(observe(state, viewer).visible_cards())
            others = set().union(*(set(h) for i, h in enumerate(state.hands) if i != viewer))
            assert not drawn & others
            checked_turn += 1
            vazhushal_smoke.human_turn(app, table, meld_try=False)
            continue
        if top == "table":
            # a bot's turn: still only the last human's view, or nothing
            drawn, state = faces(app, match)
            if table.viewer is not None and not table.hidden:
                assert drawn <= set(observe(state, table.viewer).visible_cards())
            else:
                assert drawn <= public_cards(state)
        wait_for(app, lambda s=state, t=top: match.state is not s or selftest.top_name(app) != t, 10)
    assert checked_pass >= 4 and checked_turn >= 4
