"""Same cards, another player (issue 34, item 2; ``ai.same_cards``): a recorded hand played again
from its deal with its bots, each from its recorded level and seed.

The hands are played the way the app plays them: the game's own match class records the hand
(with its bot seats' levels and seeds, ``Match.recorded_bots``), every bot seat is the table's
``BotPlayer`` seeded by ``Match.bot_seed``, and the person's seat plays random legal moves.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from ai.players import SeatPlayer
from ai.same_cards import SameCardsError, main, play_again, reproduce
from game.replay import MalformedReplay, Recorder, read, validate
from game.ui.bots import BotPlayer
from game.ui.games import GAMES as TABLES
from game.ui.match import HUMAN, SeatSetup

OPPONENTS = ("Medium", "Easy", "Bot: random", "Medium", "Easy")  # levels without a clock


def new_match(game: str, players: int, seed: int, human: int = 0, levels=OPPONENTS):
    table = TABLES[game]
    rules = table.bots.preset(table.bots.engine.default_preset, players)
    setups = [SeatSetup(f"Seat {s + 1}", HUMAN if s == human else levels[s % len(levels)]) for s in range(players)]
    return table.match.new(setups, rules, seed)


def play_hand(match, seed: int, *, save_every: int = 0):
    """Play the hand in play to its end as the table does; ``save_every``: save the match and load
    it again every that many actions (a player who quits and comes back), bots made afresh."""
    front = match.bots
    person = random.Random(seed)
    players: dict[int, BotPlayer] = {}
    n = 0
    while match.state.result is None:
        state = match.state
        if match.is_human(state.turn):
            action = front.engine.random_action(state, person)
        else:
            player = players.get(state.turn)
            if player is None:
                player = players[state.turn] = BotPlayer(front, match.level(state.turn), match.bot_seed(state.turn),
                                                         earlier=match.state_at)
            action = player.next_action(state)
        match.play(action)
        n += 1
        assert n < front.max_actions
        if save_every and n % save_every == 0 and match.state.result is None:
            match = type(match).from_json(json.loads(json.dumps(match.to_json())))
            assert match.recording is not None, "the hand in play goes on being recorded"
            players = {}
    return match, match.take_replay()


def recorded_hands(game: str, hands: int, first_seed: int, *, save_every: int = 0):
    for k in range(hands):
        seed = first_seed + k
        players = 2 + k % 3
        match, doc = play_hand(new_match(game, players, seed, human=k % players), seed, save_every=save_every)
        assert doc is not None and validate(doc)["ok"]
        yield doc, k % players


# The suite's numbers of hands: every table size (2, 3, 4 players) with the person in every seat,
# at least twice over in each game (hand k: 2 + k % 3 players, the person in seat k % players; a
# dozen in 13-card and 21-card, whose hands are long); the long check (dev.py test --long) plays
# the hundreds each game had before.
@pytest.mark.parametrize("game, hands", [
    ("vazhushal", 90), ("indian13", 12), ("indian21", 12), ("marriage", 24),
    pytest.param("vazhushal", 300, marks=pytest.mark.long, id="vazhushal-300-long"),
    pytest.param("indian13", 200, marks=pytest.mark.long, id="indian13-200-long"),
    pytest.param("indian21", 60, marks=pytest.mark.long, id="indian21-60-long"),
    pytest.param("marriage", 60, marks=pytest.mark.long, id="marriage-60-long"),
])
def test_same_cards_replaying_your_own_moves_reproduces_the_hand_exactly(game, hands):
    """Every other seat a bot without a clock: the hand played again with the person's recorded
    moves has the same moves and ends in the same final state, for hundreds of hands."""
    exact = 0
    for doc, human in recorded_hands(game, hands, 1000):
        bots = {b["seat"]: b["level"] for b in doc["bots"]}
        assert set(bots) == set(range(len(doc["initial"]["seats"]))) - {human}
        assert reproduce(doc, human), (game, doc["seed"])
        exact += 1
    assert exact == hands


@pytest.mark.parametrize("game, hands", [
    ("vazhushal", 10), ("indian13", 10),
    pytest.param("vazhushal", 20, marks=pytest.mark.long, id="vazhushal-20-long"),
    pytest.param("indian13", 20, marks=pytest.mark.long, id="indian13-20-long"),
])
def test_same_cards_a_hand_saved_and_continued_is_reproduced_exactly(game, hands):
    """Each bot's decision depends on its seed and what it sees, not on what it was asked before:
    a hand saved and loaded every few moves (bots made afresh) is still played again exactly (ten
    hands in the suite, the twenty of before in the long checks)."""
    for doc, human in recorded_hands(game, hands, 5000, save_every=3):
        assert reproduce(doc, human), doc["seed"]


def test_same_cards_a_bot_that_acts_differently_is_caught():
    """The check can fail: a recorded bot seed changed makes the hand go elsewhere."""
    differ = 0
    for doc, human in recorded_hands("indian13", 6, 2000):
        doc = copy.deepcopy(doc)
        for b in doc["bots"]:
            b["seed"] += 1
            b["level"] = "Bot: random"
        differ += not reproduce(doc, human)
    assert differ >= 5


@pytest.mark.parametrize("game", ["vazhushal", "indian13", "indian21", "marriage"])
def test_same_cards_the_same_level_in_the_seat_plays_the_same_hand(game):
    """A bot seat played again by its own level and seed: not one move differs, same ending."""
    for doc, human in recorded_hands(game, 6, 3000):
        seat = (human + 1) % len(doc["initial"]["seats"])
        bot = next(b for b in doc["bots"] if b["seat"] == seat)
        result = play_again(doc, seat, bot["level"], seed=bot["seed"])
        assert result.first_difference is None and result.again["actions"] == doc["actions"]
        assert result.yours == result.theirs and result.duplicate == 0
        # the person's seat is the one that cannot be played again exactly
        assert not result.exact and any(f"Seat {human + 1} was a person" in n for n in result.notes)


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_same_cards_medium_in_your_seat_says_where_the_hands_parted(game):
    for doc, human in recorded_hands(game, 8, 4000):
        result = play_again(doc, human, "Medium")
        assert result.exact and not result.notes  # every other seat a bot without a clock
        again = result.again
        assert validate(again)["ok"] and again["initial"] == doc["initial"]
        assert {b["seat"]: b["level"] for b in again["bots"]}[human] == "Medium"
        first = result.first_difference
        if first is not None:
            assert doc["actions"][:first] == again["actions"][:first]
            assert doc["actions"][first:first + 1] != again["actions"][first:first + 1]
            assert result.difference_seat == human  # the others play as before until the seat differs
        for ending, replay_doc in ((result.yours, doc), (result.theirs, again)):
            assert ending.actions == len(replay_doc["actions"])
            assert ending.won in (0, 1) or 0 < ending.won < 1
            assert ending.won == (human in ending.winners) / max(1, len(ending.winners))


def test_same_cards_an_old_replay_without_bots_is_played_and_says_so():
    doc, human = next(recorded_hands("indian13", 1, 6000))
    doc = {k: v for k, v in doc.items() if k != "bots"}
    assert reproduce(doc, human)  # every seat from the record: trivially the same hand
    result = play_again(doc, human, "Medium")
    assert not result.exact and "before bots' seeds were kept" in result.notes[0]


def test_same_cards_refuses_what_it_cannot_play():
    doc, human = next(recorded_hands("vazhushal", 1, 6100))
    with pytest.raises(SameCardsError, match="seat"):
        play_again(doc, 7, "Medium")
    with pytest.raises(SameCardsError, match="no level"):
        play_again(doc, human, "Grandmaster")
    with pytest.raises(SameCardsError, match="not a replay"):
        play_again({"format": "something else"}, 0, "Medium")


def test_replay_bots_key_is_checked():
    doc, _human = next(recorded_hands("vazhushal", 1, 6200))
    assert read(doc).bots == doc["bots"]
    for bad in ([{"seat": 9, "level": "Medium", "seed": 1}], [{"seat": 1, "level": "", "seed": 1}],
                [{"seat": 1, "level": "Medium", "seed": "1"}], [{"seat": 1, "level": "Medium"}], {"seat": 1},
                [{"seat": 1, "level": "Medium", "seed": 1}, {"seat": 1, "level": "Easy", "seed": 2}]):
        with pytest.raises(MalformedReplay):
            read({**doc, "bots": bad})
    progress = Recorder.from_json({k: doc[k] for k in ("game", "match_id", "hand_no", "seed", "initial",
                                                        "actions", "bots")})
    assert progress.to_json()["bots"] == doc["bots"]


def test_seat_player_answers_the_same_from_the_same_seed_whatever_it_was_asked_before():
    front = TABLES["indian13"].bots
    match = new_match("indian13", 3, 77)
    state = match.state
    fresh = SeatPlayer(front, "Easy", 5).next_action(state)
    used = SeatPlayer(front, "Easy", 5)
    for _ in range(3):
        used.rng.random()
    assert used.next_action(state) == fresh


def test_same_cards_command_line(tmp_path, capsys):
    doc, human = next(recorded_hands("indian13", 1, 6300))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(doc))
    assert main([str(path), "--seat", str(human + 1), "--check"]) == 0
    assert "exact" in capsys.readouterr().out
    assert main([str(path), "--seat", str(human + 1), "--level", "Medium", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == "Medium" and out["seat"] == human and out["exact"] is True
    assert main([str(tmp_path / "missing.json")]) == 2


def test_same_cards_words_say_whose_move_ended_a_lost_hand():
    """A seat that lost because another seat declared reads "lost (seat 2: declared)", not "lost (declared)"
    as if it had declared itself (issue 46 item 5)."""
    from ai.same_cards import Ending, SameCards, describe

    lost = Ending(0.0, "declared", [1], 7, 30, 40.0, "points")
    won = Ending(1.0, "declared", [0], 8, 31, 0.0, "points")
    result = SameCards("indian13", 0, "Expert", lost, won, first_difference=4, difference_seat=0, exact=True)
    lines = describe(result)
    assert lines[0] == "You: lost (seat 2: declared) after 7 turns, points 40", lines
    assert lines[1] == "Expert: won (declared) after 8 turns, points 0", lines
