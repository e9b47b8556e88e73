"""Marriage's screenshots (:mod:`tools.ui.screenshots` shoots them with the shared scenes) and its
busiest table for the frame benchmark (:mod:`tools.ui.bench_frames`).  The positions are made up by
playing the engine's plain policy for every seat (the person's too) until the moment wanted.

Marriage's own screens alone, at the sizes wanted (the usual and the smallest by default)::

    python -m tools.marriage.shots [DIR] [SIZE ...]      # SIZE: a name of tools.ui.screenshots.SIZES
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.i18n import _
from tools.ui.screenshots import howto, new_game, screenshot, title, top_name, wait_for
from tools.ui.table_shots import cards_in_groups, new_match, open_table, played_to_the_end, pointed_at, replay_scenes


def _match(players: int, seed: int, humans: int = 1, rules=None):
    from game.marriage import RuleSet
    from game.ui.marriage.match import MarriageMatch

    return new_match(MarriageMatch, rules or RuleSet(players=players), seed, humans)


def _play_until(match, done, limit: int = 2000) -> bool:
    """Play the plain policy for every seat until ``done(state)`` (before the action it names)."""
    from game.marriage import plain_action

    for _step in range(limit):
        s = match.state
        if s.phase == "over":
            return False
        if done(s):
            return True
        match.play(plain_action(s))
    return False


def _open(app, match):
    return open_table(app, "marriage_table", match)


def _seen_table(app, players: int = 3, seed: int = 4):
    """A deal where the person (seat 0) has seen the maal and it is its turn to discard."""
    for s in range(seed, seed + 60):
        match = _match(players, s)
        if _play_until(match, lambda st: st.seen[0] is not None and st.turn == 0 and st.phase == "discard"
                       and sum(x is not None for x in st.seen) >= 2):
            return _open(app, match)
    raise AssertionError("no seed gave a seen position")


def shot_expose(app):
    """The expose step: the person was dealt a tunnela (grouped first) and is asked."""
    from game.marriage.deck import KIND

    for seed in range(1, 200):
        match = _match(3, seed)
        if not _play_until(match, lambda st: st.turn == 0):
            continue
        kinds = [KIND[c] for c in match.state.hands[0]]
        if match.state.phase == "expose" and any(kinds.count(k) == 3 for k in set(kinds)):
            table = _open(app, match)
            wait_for(app, table.my_turn, 10)
            return
    raise AssertionError("no seed dealt the person a tunnela")


def shot_expose_question(app):
    shot_expose(app)
    app.top.ask_expose()


def shot_unseen(app):
    """Mid-deal before the person has seen, another seat has: the tiplu is face down for you."""
    for seed in range(3, 80):
        match = _match(4, seed)
        if _play_until(match, lambda st: st.seen[0] is None and st.turn == 0 and st.phase == "discard"
                       and any(x is not None for x in st.seen)):
            table = _open(app, match)
            table.say(_("Discard a card, or lay your groups and See the maal."), "info")
            return
    raise AssertionError("no seed gave an unseen position")


def shot_seen(app):
    table = _seen_table(app, 3, 4)
    table.selected = {table.layout().cards[-1][0]}


def shot_see_question(app):
    for seed in range(3, 80):
        match = _match(3, seed)
        from game.marriage import see_options

        if _play_until(match, lambda st: st.turn == 0 and st.phase == "discard" and bool(see_options(st))):
            table = _open(app, match)
            table.ask_see()
            return
    raise AssertionError("no seed gave a position to see from")


def shot_declare(app):
    from game.marriage import finish_options

    for seed in range(3, 120):
        match = _match(2, seed)
        if _play_until(match, lambda st: st.turn == 0 and st.phase == "discard" and bool(finish_options(st))):
            table = _open(app, match)
            action = finish_options(match.state)[0]
            from game.marriage.deck import KIND
            from game.ui.marriage.hand import HandGroups

            groups = cards_in_groups(table.obs.hand, (*action.groups, (action.card,)), KIND)
            table.groups[0] = HandGroups(groups)
            table.refresh()
            table.selected = {groups[-1][0]}
            table.ask_declare()
            return
    raise AssertionError("no seed gave a finish")


def shot_5p(app):
    _seen_table(app, 5, 2)


def shot_2p(app):
    """Two seats mid-deal: the person has not seen, the other seat's laid groups in its panel."""
    for seed in range(2, 80):
        match = _match(2, seed)
        if _play_until(match, lambda st: st.seen[0] is None and st.turn == 0 and st.phase == "discard"
                       and len(st.history) > 12):
            _open(app, match)
            return
    raise AssertionError("no seed gave a two-seat position")


def shot_results_2p(app):
    from game.marriage import plain_action

    match = _match(2, 5)
    while match.state.phase != "over":
        match.play(plain_action(match.state))
    table = _open(app, match)
    app.open("marriage_results", table)


def shot_results(app):
    from game.marriage import plain_action

    match = _match(4, 9, humans=0)
    while match.state.phase != "over":
        match.play(plain_action(match.state))
    table = _open(app, match)
    app.open("marriage_results", table)


def shot_pass(app):
    _open(app, _match(3, 3, humans=2))
    wait_for(app, lambda: top_name(app) == "pass", 20)


def replay_document(players: int = 3, seed: int = 5) -> dict:
    """A Marriage deal played to its end by the plain policy; its replay document."""
    from game.marriage import plain_action

    return played_to_the_end(_match(players, seed), plain_action)


def busiest(app):
    """The busiest table: five players, several of them seen with groups laid; the points a pointer
    hovers over (every card of the hand)."""
    return pointed_at(_seen_table(app, 5, 2))


def _tutorial(app):
    """The guided first hand at its first step (expose the dealt tunnela)."""
    from game.ui.marriage.tutorial import TutorialMarriage, tutorial_match

    app.reset_to(app.make("title"))
    table = app.open("marriage_table", tutorial_match(), tutorial=TutorialMarriage())
    app.step([])
    return table


def _tutorial_at(app, key: str):
    """The guided first hand played by the script up to the step ``key``."""
    from game.marriage import Action
    from game.marriage.deck import KIND
    from game.ui.marriage.tutorial import GROUPS, TUNNELA
    from game.ui.tutorial import kinds

    table = _tutorial(app)
    moves = {"expose": Action.expose(0, [kinds(TUNNELA)]), "draw": Action.draw_stock(0),
             "see": Action.see_maal(0, [kinds(GROUPS["pure"][0]), kinds("4H 5H 6H")])}
    while table.tutorial.current.key != key:
        step = table.tutorial.current.key
        if step == "pure":  # 2♦ 3♦ 4♦ grouped
            mine = table.hand_groups()
            table.move_into(cards_in_groups(mine.cards(), [kinds(GROUPS["pure"][0])], KIND)[0], None)
        else:
            table.play(moves[step])
            wait_for(app, lambda: table.state.turn == 0 and table.state.phase != "expose", 5)
        app.step([])
    return table


def shot_tutorial_start(app):
    _tutorial(app)


def shot_tutorial_see(app):
    """The see-the-maal step after a wrong try (Declare before seeing): its hint under the words."""
    table = _tutorial_at(app, "see")
    table.ask_declare()
    assert table.tutorial.tried


def shot_tutorial_jokers(app):
    """Just after seeing: the tiplu turned up, the jokers and the maal explained (the longest step)."""
    _tutorial_at(app, "jokers")


SCENES = [
    ("expose", shot_expose), ("expose_question", shot_expose_question), ("unseen", shot_unseen),
    ("see_question", shot_see_question), ("seen", shot_seen), ("declare", shot_declare), ("table_5p", shot_5p),
    ("results", shot_results), ("hot_seat_pass", shot_pass), ("tutorial_start", shot_tutorial_start),
    ("tutorial_see", shot_tutorial_see), ("tutorial_jokers", shot_tutorial_jokers),
]
REPLAY_SCENES = replay_scenes(replay_document, part=(2, 3))


def shot_review(app):
    """The deal review (ai/marriage/review.py) of a replay, shallow: the picture, not the numbers."""
    title(app)
    doc = replay_document(players=2, seed=5)
    scene = app.open("review", doc, 0, iterations=4)
    wait_for(app, lambda: scene.job.finished.is_set(), 120)
    app.step([])
    scene.jump_biggest()


# the two-seat scenes are shot here only: SCENES' order and length set the monkey test's scene jumps
OWN = [("new_game", new_game("marriage")), ("how_to_play", howto("marriage", 0)),
       ("how_to_play_p3", howto("marriage", 2)), *SCENES, ("table_2p", shot_2p), ("results_2p", shot_results_2p),
       *REPLAY_SCENES, ("review", shot_review)]


def main(argv: list[str] | None = None) -> int:
    """Marriage's screens into ``DIR`` (default ``screenshots/marriage``), one subfolder a size."""
    from game.ui.app import App
    from game.ui.selftest import quick_settings, scratch_store
    from tools.ui.screenshots import SIZES

    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0] if args else "screenshots/marriage")
    sizes = args[1:] or ["1280x720", "640x480"]
    unknown = [x for x in sizes if x not in SIZES]
    if unknown:
        print(f"shots: unknown size {unknown[0]!r}; sizes: {', '.join(SIZES)}", file=sys.stderr)
        return 2
    names = []
    for size in sizes:
        (out / size).mkdir(parents=True, exist_ok=True)
        app = App(SIZES[size], store=scratch_store())
        quick_settings(app)
        for i, (name, setup) in enumerate(OWN):
            setup(app)
            path = out / size / f"{i + 1:02d}_{name}.png"
            screenshot(app, path)
            names.append(str(path))
        app.shutdown()
    print(json.dumps({"folder": str(out), "screenshots": names}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
