"""Screenshots of every scene (``python -m game --screenshot DIR`` from a source checkout, or
``python -m tools.ui.screenshots DIR``): the scenes set up from made-up positions
(:mod:`tools.ui.demo`), then saved as PNG files to look at."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame

from game.ui.app import MIN_SIZE, App
from game.ui.bots import plain_action
from game.ui.selftest import quick_settings, scratch_store, top_name, wait_for
from game.vazhushal import legal_takes

from . import demo


def screenshot(app: App, path: Path) -> None:
    app.dirty = True
    app.step([])
    app.draw()
    pygame.image.save(app.screen, str(path))


def _table(app, match):
    app.reset_to(app.make("title"))
    table = app.open("table", match)
    app.step([])
    return table


def shot_title(app):
    app.reset_to(app.make("title"))


def shot_new_game(app):
    shot_title(app)
    ng = app.make("newgame", seed=1)
    ng.add_seat()
    ng.add_seat()
    ng.add_seat()
    ng.set_seat(2, level="Hard")
    ng.set_seat(3, level="Bot: random")  # any registered bot can be picked by name
    ng.build()
    app.push(ng)
    ng.form.focus = ng.form.focusable().index(ng.seat_widgets[1][1])  # Meena's level: its description shows


def shot_table_2p(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    cards = table.hand_cards()
    table.selected = set(cards[:2])
    table.cursor = ("hand", 3)
    table.say("Select cards, then drag them onto “New meld”", "info")
    table.touch()


def shot_table_6p(app):
    table = _table(app, demo.long_line_match(6, 30))
    geo = table.geo()
    i = geo.line.visible[-6]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=geo.line.rects[i].move(4, 20).topleft, rel=(0, 0),
                                 buttons=(0, 0, 0))])


def shot_wipe(app):
    for seed in range(1, 60):
        match = demo.long_line_match(4, 16, seed)
        if legal_takes(match.state):
            break
    table = _table(app, match)
    take = legal_takes(match.state)[-1]
    table.click_line(take.index)


def shot_staged(app):
    table = _table(app, demo.mid_hand_match(3, seed=4))
    cards = table.hand_cards()
    table.staging.new_group(cards[:2])
    table.staging_feedback()
    table.log_open = True
    table.touch()


def shot_pass(app):
    from game.ui.match import Match
    from game.vazhushal import RuleSet

    match = Match.new(demo.seats(3, humans=2), RuleSet(players=3), 3)
    _table(app, match)
    wait_for(app, lambda: top_name(app) == "pass", 20)


def shot_menu(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    table.open_menu()


def shot_hand_over(app):
    table = _table(app, demo.finished_match(4, seed=5))
    app.open("handover", table)


def shot_match_over(app):
    table = _table(app, demo.finished_match(3, seed=5))
    app.open("matchover", table)


def shot_howto(page):
    def setup(app):
        shot_title(app)
        scene = app.make("howto")
        scene.page = page
        app.push(scene)
    return setup


def shot_stats(app):
    shot_title(app)
    app.stats.record(["Medium"], "hands", True)
    app.stats.record(["Medium"], "hands", False)
    app.stats.record(["Hard", "Easy"], "hands", False)
    app.stats.record(["Medium"], "matches", True)
    app.open("stats")


def shot_settings(app):
    shot_title(app)
    app.open("settings")


def shot_hint(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    table.ask_hint()
    wait_for(app, lambda: table.hint_job is None, 20)


def shot_score_sheet(app):
    table = _table(app, demo.finished_match(4, seed=5))
    table.match.next_hand()
    while table.match.state.phase != "over":
        table.match.play(plain_action(table.match.state))
    app.open("scoresheet", table.match)


def shot_new_game_advanced(app):
    shot_new_game(app)
    app.top.toggle_advanced()


def shot_table_4p(app):
    table = _table(app, demo.mid_hand_match(4, seed=9))
    table.say("V4: a meld is a set or a sequence of three or more cards; these cards are neither of the two, "
              "so they cannot go down together", "bad")


def shot_coach(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    app.settings.wild_intro_seen = False
    table.explain_wilds_once()
    app.settings.wild_intro_seen = True


def shot_tutorial(app):
    from game.ui.tutorial import Tutorial, tutorial_match
    from game.vazhushal import Action, parse_kind

    app.reset_to(app.make("title"))
    match = tutorial_match()
    table = app.open("table", match, tutorial=Tutorial())
    for action in (Action.draw_stock(0), Action.arrange(0, [[parse_kind(t) for t in "2S 3S 4S 5S 6S 7S".split()]]),
                   Action.discard(0, parse_kind("KS"))):
        table.play(action, animate=False)
    wait_for(app, lambda: table.tutorial.current.key == "wipe", 10)


def shot_bot_thinking(app):
    from game.ui.match import Match
    from game.vazhushal import RuleSet

    match = Match.new(demo.seats(5), RuleSet(players=5), 21)
    demo.play_until(match, 12, seat=2)
    app.settings.bot_speed = "Slow"
    table = _table(app, match)
    table.next_bot_at = float("inf")  # hold the bot at "thinking" for the picture
    app.settings.bot_speed = "Instant"


# --- Indian Rummy ----------------------------------------------------------------------------

def _i13_table(app, players: int, seed: int, humans: int = 1, rules=None, turns: int = 0):
    from game.indian13 import RuleSet
    from game.ui.indian13.bots import plain_action as plain13
    from game.ui.indian13.match import Match13

    names = ["You", "Meena", "Ravi", "Kavya", "Arjun", "Lakshmi"][:players]
    levels = ["Human"] * humans + ["Medium"] * (players - humans)
    match = Match13.new(names, levels, rules or RuleSet(players=players), seed)
    for _ in range(turns):  # a deal under way
        match.play(plain13(match.state))
    app.reset_to(app.make("title"))
    table = app.open("table13", match)
    app.step([])
    return table


def _i13_grouped(table) -> None:
    """The viewer's cards in the groups a player would make (the engine's fewest-points grouping)."""
    from game.indian13.arrange import arrange
    from game.indian13.deck import KIND
    from game.indian13.scoring import meld_rules
    from game.ui.indian13.hand import HandGroups

    hand = list(table.obs.hand)
    best = arrange([KIND[c] for c in hand], meld_rules(table.state), table.state.points)
    groups = []
    for g in best.melds + tuple((k,) for k in best.loose):
        group = []
        for k in g:
            c = next(c for c in hand if KIND[c] == k)
            hand.remove(c)
            group.append(c)
        groups.append(group)
    table.groups[table.viewer] = HandGroups(groups)
    table.refresh()


def shot_i13_new_game(app):
    shot_new_game(app)
    app.top.set_game(1)
    app.top.toggle_advanced()


def shot_i13_table_2p(app):
    table = _i13_table(app, 2, 31, turns=10)
    wait_for(app, table.my_turn, 20)
    table.draw_stock()
    _i13_grouped(table)
    table.selected = {table.layout().cards[-1][0]}
    table.say("Drag cards between groups; drop one in a gap to start a new group.", "info")


def shot_i13_table_6p(app):
    table = _i13_table(app, 6, 7, turns=14)
    wait_for(app, table.my_turn, 30)
    _i13_grouped(table)


def shot_i13_declare(app):
    table = _i13_table(app, 3, 5, turns=6)
    wait_for(app, table.my_turn, 20)
    table.draw_stock()
    _i13_grouped(table)
    table.selected = {table.layout().cards[-1][0]}
    table.ask_declare()


def shot_i13_results(app):
    from game.indian13 import RuleSet
    from game.ui.indian13.bots import plain_action as plain13

    table = _i13_table(app, 4, 9, humans=0, rules=RuleSet(players=4, format="pool101"))
    while table.match.state.phase != "over":
        table.match.play(plain13(table.match.state))
    table.refresh()
    app.open("results13", table)


def shot_i13_pass(app):
    _i13_table(app, 3, 3, humans=2)
    wait_for(app, lambda: top_name(app) == "pass", 20)


def shot_i13_howto(app):
    shot_title(app)
    app.push(app.make("howto", page=2, game="indian13"))


# --- the replay viewer ------------------------------------------------------------------------

def replay_vazhushal(players: int = 4, seed: int = 7) -> dict:
    """A Vazhushal hand played to its end by the plain bot, taking the line whenever a take is
    legal (so it has wipes to show); its replay document."""
    from game.ui.match import Match
    from game.vazhushal import RuleSet, legal_draws

    match = Match.new(demo.seats(players), RuleSet(players=players), seed)
    while match.state.phase != "over":
        s = match.state
        takes = [o for o in legal_draws(s) if o.steps[0].type != "draw_stock"] if s.phase == "draw" else []
        match.play(takes[0].steps[0] if takes else plain_action(s))
    return match.take_replay()


def replay_indian13(players: int = 4, seed: int = 5) -> dict:
    """An Indian Rummy deal played to its end by the plain bot, which here also takes a discard
    of a rank it holds, and where the last seat drops at once; its replay document."""
    from game.core.cards import rank_of
    from game.indian13 import Action, RuleSet
    from game.indian13.deck import KIND
    from game.ui.indian13.bots import plain_action as plain13
    from game.ui.indian13.match import Match13

    names = ["You", "Meena", "Ravi", "Kavya", "Arjun", "Lakshmi"][:players]
    match = Match13.new(names, ["Human"] + ["Medium"] * (players - 1), RuleSet(players=players), seed)
    while match.state.phase != "over":
        s = match.state
        action = plain13(s)
        if s.phase == "draw" and s.turn == players - 1 and not s.has_drawn[s.turn]:
            action = Action.drop(s.turn)
        elif s.phase == "draw" and s.discard and KIND[s.discard[-1]] != 52:
            top = rank_of(KIND[s.discard[-1]])
            if any(KIND[c] != 52 and rank_of(KIND[c]) == top for c in s.hands[s.turn]):
                action = Action.take_discard(s.turn)
        match.play(action)
    return match.take_replay()


def _replay(app, doc: dict, index: int, show_all: bool = False):
    shot_title(app)
    viewer = app.open("replay", doc, start=index)
    viewer.show_all = show_all
    return viewer


def shot_replay_mid(app):
    doc = replay_vazhushal()
    _replay(app, doc, len(doc["actions"]) // 2 - 1)


def shot_replay_wipe(app):
    doc = replay_vazhushal(players=3, seed=12)
    viewer = _replay(app, doc, 0, show_all=True)
    wipes = [k for k in viewer.timeline.key_moves if doc["actions"][k - 1]["action"]["type"] == "take_line"]
    viewer.go(wipes[len(wipes) // 2] if wipes else viewer.timeline.next_key(0))


def shot_i13_replay_mid(app):
    doc = replay_indian13()
    _replay(app, doc, len(doc["actions"]) // 2)


def shot_i13_replay_end(app):
    doc = replay_indian13(players=3, seed=8)
    viewer = _replay(app, doc, len(doc["actions"]), show_all=True)
    viewer.seat = 1


SCENES = [
    ("01_title", shot_title), ("02_new_game", shot_new_game), ("03_table_2p", shot_table_2p),
    ("04_table_6p_long_line", shot_table_6p), ("05_wipe", shot_wipe), ("06_staged_and_log", shot_staged),
    ("07_hot_seat_pass", shot_pass), ("08_menu", shot_menu), ("09_hand_over", shot_hand_over),
    ("10_match_over", shot_match_over), ("11_how_to_play_melds", shot_howto(0)),
    ("12_how_to_play_wipe", shot_howto(3)), ("13_statistics", shot_stats), ("14_settings", shot_settings),
    ("15_hint", shot_hint), ("16_bot_thinking_5p", shot_bot_thinking), ("17_score_sheet", shot_score_sheet),
    ("18_new_game_advanced", shot_new_game_advanced), ("19_table_4p", shot_table_4p),
    ("20_first_hand_wild_cards", shot_coach), ("21_tutorial_wipe", shot_tutorial),
    ("22_i13_new_game", shot_i13_new_game), ("23_i13_table_2p", shot_i13_table_2p),
    ("24_i13_table_6p", shot_i13_table_6p), ("25_i13_declare", shot_i13_declare),
    ("26_i13_results_pool", shot_i13_results), ("27_i13_hot_seat_pass", shot_i13_pass),
    ("28_i13_how_to_play_melds", shot_i13_howto),
]
# The replay viewer, shot after the scenes above.  Kept apart from SCENES, whose order the monkey
# test's jumps follow (tests/ui/test_monkey.py); the viewer has its own random-event test.
REPLAY_SCENES = [
    ("29_replay_mid_hand", shot_replay_mid), ("30_replay_wipe_all_hands", shot_replay_wipe),
    ("31_i13_replay_mid_deal", shot_i13_replay_mid), ("32_i13_replay_end_all_hands", shot_i13_replay_end),
]
# The window sizes every scene is looked at in: the usual, full HD and the smallest the app allows.
SIZES = {"1280x720": (1280, 720), "1920x1080": (1920, 1080), "800x480": MIN_SIZE}


def run_screenshots(folder: str, sizes: list[str] | None = None) -> int:
    """Every scene at 1280x720 into ``folder``; with ``sizes`` (``all`` or names of SIZES) one
    subfolder a size."""
    out = Path(folder)
    chosen = list(SIZES) if sizes == ["all"] else sizes
    unknown = [s for s in chosen or () if s not in SIZES]
    if unknown:
        print(f"screenshots: unknown size {unknown[0]!r}; sizes: {', '.join(SIZES)} or all", file=sys.stderr)
        return 2
    names = []
    for size_name in chosen or [None]:
        target = out / size_name if size_name else out
        target.mkdir(parents=True, exist_ok=True)
        app = App(SIZES[size_name] if size_name else (1280, 720), store=scratch_store())
        quick_settings(app)
        for name, setup in SCENES + REPLAY_SCENES:
            setup(app)
            screenshot(app, target / f"{name}.png")
            names.append(f"{size_name}/{name}" if size_name else name)
        app.shutdown()
    print(json.dumps({"folder": str(out), "screenshots": names}))
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(run_screenshots(args[0] if args else "screenshots", args[1:] or None))
