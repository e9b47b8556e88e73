"""21-card Indian Rummy's screenshots (:mod:`tools.ui.screenshots` shoots them with the shared
scenes) and its busiest table for the frame benchmark (:mod:`tools.ui.bench_frames`): the table
with 21 and with 27 cards at two and six seats, the declare question, the drop question, the
results, a hot-seat hand-over and the replay viewer."""

from __future__ import annotations

from tools.ui.table_shots import (
    cards_in_groups,
    common_scenes,
    new_match,
    on_my_turn,
    open_table,
    played_out,
    played_to_the_end,
    replay_scenes,
)


def _rules(players: int, preset: str = "21-card standard", **options):
    from game.indian21 import preset as engine_preset

    rules = engine_preset(preset, players)
    return rules.with_options(options) if options else rules


def _table(app, players: int, seed: int, humans: int = 1, rules=None, turns: int = 0):
    from game.indian21 import plain_action
    from game.ui.indian21.match import Indian21Match

    return open_table(app, "table21", new_match(Indian21Match, rules or _rules(players), seed, humans), plain_action,
                      turns)


def _grouped(table) -> None:
    """The viewer's cards in the groups a player would make: the melds of the engine's
    fewest-points grouping, then the other cards by suit."""
    from game.indian21.arrange import lowest_count
    from game.indian21.deck import KIND
    from game.ui.indian21.hand import HandGroups

    hand = list(table.obs.hand)
    best = lowest_count([KIND[c] for c in hand], table.state.meld_rules)
    groups = cards_in_groups(hand, best.groups, KIND)
    melds = [g for g in groups if table.is_meld([KIND[c] for c in g])]
    laid = {c for g in groups for c in g}
    loose = [c for g in groups if g not in melds for c in g] + [c for c in hand if c not in laid]
    table.groups[table.viewer] = HandGroups(melds + HandGroups.by_suit(loose, table.known_wild()).groups)
    table.groups[table.viewer].tidy(table.known_wild())
    table.refresh()


def shot_table_27_2p(app):
    on_my_turn(app, _table(app, 2, 11, rules=_rules(2, "27-card"), turns=8), 20, _grouped, draw=True)


def shot_table_27_5p(app):
    on_my_turn(app, _table(app, 5, 12, rules=_rules(5, "27-card"), turns=12), 30, _grouped)


def shot_table_first_look(app):
    """The deal as dealt, grouped by suit: what a player sees first."""
    on_my_turn(app, _table(app, 3, 4), 20)


def rig(state, seat: int, tokens: str) -> None:
    """Give ``seat`` the cards named (swapped in from the stock or the other hands, each card
    staying once)."""
    from game.core.cards import parse_kind
    from game.indian21.deck import KIND

    wanted = [parse_kind(t) for t in tokens.split()]
    hand = state.hands[seat]
    for n, k in enumerate(wanted):
        if sum(1 for c in hand if KIND[c] == k) >= wanted[:n + 1].count(k):
            continue
        places = [state.stock] + [h for i, h in enumerate(state.hands) if i != seat]
        place = next(p for p in places if any(KIND[c] == k for c in p))
        i = next(i for i, c in enumerate(place) if KIND[c] == k)
        out = next(c for c in hand if KIND[c] not in wanted)
        hand.remove(out)
        hand.append(place[i])
        place[i] = out


def shot_declare_valid(app):
    """A hand holding three tunnelas: Declare says the show is valid and which way it holds."""
    table = on_my_turn(app, _table(app, 2, 6), 20)
    s = table.state
    rig(s, s.turn, "4D 4D 4D 10S 10S 10S QH QH QH")
    table.match.deal_start = s
    table.match.recording = table.match.start_recording()  # the deal as rigged
    table.refresh()
    on_my_turn(app, table, 0, _grouped, draw=True, select_last=True).ask_declare()  # still the viewer's turn


def shot_drop(app):
    on_my_turn(app, _table(app, 4, 9), 20).ask_drop()


def _finished(app, players: int, seed: int, rules=None, humans: int = 1):
    from game.indian21 import plain_action

    return played_out(_table(app, players, seed, humans=humans, rules=rules), plain_action)


def shot_results(app):
    table = _finished(app, 4, 3, humans=0)
    app.open("results21", table)


def shot_results_6p(app):
    table = _finished(app, 6, 8, humans=0, rules=_rules(6, "21-card deals"))
    app.open("results21", table)


def shot_results_27(app):
    table = _finished(app, 5, 2, humans=0, rules=_rules(5, "27-card", auto_arrange_losers=False))
    app.open("results21", table)


def replay_document(players: int = 4, seed: int = 5, preset: str = "21-card standard") -> dict:
    """A deal played to its end by the engine's plain policy (the last seat drops at once); its
    replay document."""
    from game.indian21 import Action, plain_action
    from game.ui.indian21.match import Indian21Match

    return played_to_the_end(new_match(Indian21Match, _rules(players, preset), seed), plain_action, Action.drop)


def _tutorial(app):
    """The guided first hand as the title's Tutorial opens it, at its first step (the cut joker, then draw)."""
    from game.ui.scenes.title import open_tutorial

    app.reset_to(app.make("title"))
    open_tutorial(app, "indian21")
    app.step([])
    return app.top


def shot_tutorial_start(app):
    _tutorial(app)


def shot_tutorial_wrong_try(app):
    """The guided first hand at its longest bubble: the show step after a wrong try (its hint under
    the words, the note on 27 Cards among them), the engine's refusal above the hand."""
    from game.indian21 import Action
    from game.indian21.deck import KIND
    from game.ui.indian21.tutorial import GROUPS
    from game.ui.inhand.groups import HandGroups
    from game.ui.tutorial import kinds

    table = _tutorial(app)
    for action in (Action.draw_stock(0), Action.discard(0, kinds("QS")[0]), Action.draw_stock(1),
                   Action.discard(1, kinds("JC")[0]), Action.take_discard(0)):
        table.play(action)
    groups = [kinds(g) for k in GROUPS for g in GROUPS[k]] + [kinds("2C")]
    table.groups[0] = HandGroups(cards_in_groups(list(table.obs.hand), groups, KIND))
    table.refresh()
    table.play(Action.discard(0, kinds("JC")[0]))  # refused: the card just taken stays this turn
    assert table.tutorial.current.key == "declare" and table.tutorial.tried


_SHOTS = common_scenes(_table, _grouped)  # table_2p, table_6p, declare, hot_seat_pass
busiest = _SHOTS["busiest"]  # the frame benchmark's table

SCENES = [
    ("table_2p", _SHOTS["table_2p"]), ("table_6p", _SHOTS["table_6p"]), ("table_27_2p", shot_table_27_2p),
    ("table_27_5p", shot_table_27_5p), ("table_first_look", shot_table_first_look), ("declare", _SHOTS["declare"]),
    ("declare_valid", shot_declare_valid), ("drop", shot_drop), ("results", shot_results),
    ("results_6p_deals", shot_results_6p), ("results_27", shot_results_27), ("hot_seat_pass", _SHOTS["hot_seat_pass"]),
    ("tutorial_start", shot_tutorial_start), ("tutorial_wrong_try", shot_tutorial_wrong_try),
]
REPLAY_SCENES = replay_scenes(replay_document)
