"""Vazhushal's screenshots (:mod:`tools.ui.screenshots` shoots them with the shared scenes) and its
busiest table for the frame benchmark (:mod:`tools.ui.bench_frames`): positions from
:mod:`tools.vazhushal.demo`."""

from __future__ import annotations

import pygame

from game.core.cards import parse_kind
from game.core.errors import IllegalAction
from game.i18n import _
from game.ui.refusals import refusal_words
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import legal_takes
from game.vazhushal.simulate import plain_action
from tools.ui.screenshots import replay_at, top_name, wait_for

from . import demo


def _table(app, match):
    app.reset_to(app.make("title"))
    table = app.open("table", match)
    app.step([])
    return table


def shot_table_2p(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    cards = table.hand_cards()
    table.selected = set(cards[:2])
    table.cursor = ("hand", 3)
    table.say(_("Meld: drag cards onto “New meld”, then Confirm (M). Discard: drag a card onto the line, or "
                "double-click it (D)."), "info")
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
    from game.vazhushal import RuleSet

    match = VazhushalMatch.new(demo.seats(3, humans=2), RuleSet(players=3), 3)
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


def shot_table_4p(app):
    table = _table(app, demo.mid_hand_match(4, seed=9))
    # the engine's refusal of a group that is no meld, in the player's words (game.ui.refusals)
    refusal = IllegalAction("illegal_meld", "V4", "9C-10D is not a meld: a meld needs at least 3 cards",
                            {"group": [parse_kind(t) for t in ("9C", "10D")], "case": "short"})
    table.say(f"{refusal.rule}: {refusal_words(refusal)}", "bad")


def shot_long_refusal(app):
    """The engine's longest everyday refusal (a group of three that is neither a sequence nor a set)
    at a four-player table in the middle of a hand: it is read whole, never cut."""
    table = _table(app, demo.mid_hand_match(4, seed=9))
    group = [parse_kind(t) for t in ("9C", "10D", "KS")]
    refusal = IllegalAction("illegal_meld", "V4", "9C-10D-KS is not a meld: it is neither a sequence (3+ cards of one "
                            "suit in order, ace low or high, no wrapping) nor a set (3-4 cards of one rank, all suits "
                            "different), with at least one natural card", {"group": group, "case": "neither"})
    table.say(f"{refusal.rule}: {refusal_words(refusal)}", "bad")


def shot_coach(app):
    table = _table(app, demo.mid_hand_match(2, seed=11))
    app.settings.wild_intro_seen = False
    table.explain_wilds_once()
    app.settings.wild_intro_seen = True


def shot_tutorial(app):
    from game.ui.vazhushal.tutorial import Tutorial, tutorial_match
    from game.vazhushal import Action, parse_kind

    app.reset_to(app.make("title"))
    match = tutorial_match()
    table = app.open("table", match, tutorial=Tutorial())
    for action in (Action.draw_stock(0), Action.arrange(0, [[parse_kind(t) for t in "2S 3S 4S 5S 6S 7S".split()]]),
                   Action.discard(0, parse_kind("KS"))):
        table.play(action, animate=False)
    wait_for(app, lambda: table.tutorial.current.key == "wipe", 10)


def shot_bot_thinking(app):
    from game.vazhushal import RuleSet

    match = VazhushalMatch.new(demo.seats(5), RuleSet(players=5), 21)
    demo.play_until(match, 12, seat=2)
    app.settings.bot_speed = "Slow"
    table = _table(app, match)
    table.next_bot_at = float("inf")  # hold the bot at "thinking" for the picture
    app.settings.bot_speed = "Instant"


def replay_vazhushal(players: int = 4, seed: int = 7) -> dict:
    """A Vazhushal hand played to its end by the plain bot, taking the line whenever a take is
    legal (so it has wipes to show); its replay document."""
    from game.vazhushal import RuleSet, legal_draws

    match = VazhushalMatch.new(demo.seats(players), RuleSet(players=players), seed)
    while match.state.phase != "over":
        s = match.state
        takes = [o for o in legal_draws(s) if o.steps[0].type != "draw_stock"] if s.phase == "draw" else []
        match.play(takes[0].steps[0] if takes else plain_action(s))
    return match.take_replay()


def replay_document() -> dict:
    """A recorded hand with a person in seat 0 (the hand review's picture)."""
    return replay_vazhushal(players=2, seed=7)


def shot_replay_mid(app):
    doc = replay_vazhushal()
    replay_at(app, doc, len(doc["actions"]) // 2 - 1)


def shot_replay_wipe(app):
    doc = replay_vazhushal(players=3, seed=12)
    viewer = replay_at(app, doc, 0, show_all=True)
    wipes = [k for k in viewer.timeline.key_moves if doc["actions"][k - 1]["action"]["type"] == "take_line"]
    viewer.go(wipes[len(wipes) // 2] if wipes else viewer.timeline.next_key(0))



def busiest(app):
    """The busiest table: six players and a 30-card line; and the points a pointer hovers over
    (every line card and every card of the hand)."""
    match = demo.long_line_match(6, 30)
    table = app.make("table", match)
    app.push(table)
    app.step([])
    geo = table.geo()
    rects = [geo.line.rects[i] for i in geo.line.visible] + [r for _, r in geo.hand]
    return table, [r.center for r in rects]


SCENES = [
    ("table_2p", shot_table_2p), ("table_6p_long_line", shot_table_6p), ("wipe", shot_wipe),
    ("staged_and_log", shot_staged), ("hot_seat_pass", shot_pass), ("menu", shot_menu),
    ("hand_over", shot_hand_over), ("match_over", shot_match_over), ("hint", shot_hint),
    ("bot_thinking_5p", shot_bot_thinking), ("score_sheet", shot_score_sheet), ("table_4p", shot_table_4p),
    ("first_hand_wild_cards", shot_coach), ("tutorial_wipe", shot_tutorial),
    ("long_refusal", shot_long_refusal),
]
REPLAY_SCENES = [("replay_mid_hand", shot_replay_mid), ("replay_wipe_all_hands", shot_replay_wipe)]
