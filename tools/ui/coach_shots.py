"""The coach's scenes for the screenshot harness and the layout checks (``SCENES``: (name, setup),
the shape of :data:`tools.ui.screenshots.SCENES`): the coach over made-up profiles (no hand is
played or reviewed), ready with its three habits and their Practise buttons, and with too few hands.

The profiles are drawn at random from a fixed seed, shaped as :func:`ai.insights.profile` writes
them: the player loses more than Medium on the draw and on declaring, Medium more than the Expert.
The Practise buttons show whether or not the game has puzzle files yet (the scene is told every
theme has puzzles)."""

from __future__ import annotations

import random

from ai import insights

MAIN = ("draw", "discard", "declare", "drop")  # the kinds of decision of the game with many hands
FEW = ("draw", "play")  # of the game with too few (the longest words of a kind: melding and discarding)


def games(app) -> tuple[str, str]:
    """The registry's second game (many hands looked at) and its first (too few)."""
    names = list(app.games)
    return names[1 % len(names)], names[0]


def side(rng: random.Random, extra: dict[str, float], shown: tuple[str, ...]) -> dict:
    """One made-up side of a hand's profile: a few decisions of each kind, some losses, habits."""
    kinds = {"draw": rng.randint(4, 9), "discard": rng.randint(4, 9), "play": rng.randint(4, 9),
             "declare": rng.randint(0, 1), "drop": rng.randint(0, 1)}
    kinds = {k: n for k, n in kinds.items() if n and k in shown}
    loss = {k: round(rng.random() * 0.02 * n + extra.get(k, 0.0) * rng.random(), 4) for k, n in kinds.items()}
    total = sum(kinds.values())
    early = min(total, 6)
    late = rng.randint(0, max(0, total - early))
    phase_n = {"early": early, "middle": total - early - late, "late": late}
    phase_n = {k: n for k, n in phase_n.items() if n}
    spent = sum(loss.values())
    shares = {"early": 0.2, "middle": 0.35, "late": 0.45}
    phase_loss = {k: round(spent * shares[k], 4) for k in phase_n}
    habits = {"take": loss.get("draw", 0.0) * 0.7, "stock": loss.get("draw", 0.0) * 0.3,
              "discard": loss.get("discard", loss.get("play", 0.0)) * 0.6,
              "high": loss.get("discard", loss.get("play", 0.0)) * 0.4,
              "declare": loss.get("declare", 0.0), "stay": loss.get("drop", 0.0)}
    habits = {k: round(v, 4) for k, v in habits.items() if v > 0}
    return {"n": kinds, "k": loss, "pn": phase_n, "p": phase_loss, "hn": {k: 1 for k in habits}, "h": habits}


def profiles(kinds: tuple[str, ...], n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    return [{"v": insights.VERSION, "you": side(rng, {"draw": 0.12, "declare": 0.08, "discard": 0.04}, kinds),
             "medium": side(rng, {"draw": 0.04, "discard": 0.02}, kinds), "expert": side(rng, {"draw": 0.01}, kinds)}
            for _i in range(n)]


def rated(app, game: str, n: int, seed: int = 1, kinds: tuple[str, ...] = MAIN) -> None:
    """``n`` rated hands of ``game`` in the app's statistics, each with a made-up profile."""
    rng = random.Random(seed)
    app.stats.skill[game] = [{"hand": f"coach-h{i:03}", "d": rng.choice((-1.0, 0.0, 0.0, 1.0)), "acc": None,
                              "loss": None, "coach": p} for i, p in enumerate(profiles(kinds, n, seed))]


def open_coach(app, game: str):
    from tools.ui.screenshots import title

    title(app)
    stats = app.open("stats")
    stats.toggle_skill()
    scene = app.open("insights", game=game)
    scene.themes = {h.theme for h in insights.HABITS.values()}  # as if every theme had puzzles
    scene.load()
    return scene


def coach(app) -> None:
    """The coach of a game with 40 hands looked at: the charts and three habits."""
    many, few = games(app)
    rated(app, many, 40)
    rated(app, few, 4, seed=2, kinds=FEW)
    open_coach(app, many)


def too_few(app) -> None:
    """The coach of a game with 4 hands looked at: the charts so far, and how many more it needs."""
    many, few = games(app)
    rated(app, many, 40)
    rated(app, few, 4, seed=2, kinds=FEW)
    open_coach(app, few)


def skill_page(app) -> None:
    """Statistics -> Skill with hands the coach has looked at: the Coach button."""
    from tools.ui.screenshots import title

    rated(app, games(app)[0], 40)
    title(app)
    app.open("stats").toggle_skill()


SCENES = [("coach", coach), ("coach_too_few", too_few), ("coach_skill_page", skill_page)]
