"""How long replays open and check (issue 30): Indian Rummy deals of 10,000 to 100,000 actions
(the stock reshuffled again and again), opened in the replay viewer and checked by the referee,
each in a fresh process; prints one JSON line a length, with seconds and peak memory (MB).

    python -m tools.indian13.long_replays --actions 10000,20000,40000,100000

The deals are random play that never declares until the length is reached, then declares when it
can; both measurements run the real entry points: the window's (``game.ui.replay.read_replay``,
then the viewer's ``Timeline``, which plays and checks the file once, and the last and middle
steps shown) and the referee's (``python -m game.referee --replay``).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from game.indian13 import RuleSet, apply, new_deal
from game.indian13.simulate import random_action
from game.replay import Recorder

VIEWER = """
import os, resource, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
start = time.perf_counter()
from game.ui.games import GAMES
from game.ui.replay.source import read_replay
from game.ui.replay.timeline import Timeline
ready = time.perf_counter()
doc = read_replay(sys.argv[1])
timeline = Timeline(doc, GAMES[doc["game"]].replay)
timeline.states[timeline.last], timeline.states[timeline.last // 2]
print(time.perf_counter() - ready, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def long_replay(actions: int, seed: int = 5) -> dict:
    """A finished two-player deal of at least ``actions`` actions."""
    rng = random.Random(seed)
    state = new_deal(RuleSet(players=2), rng)
    recorder = Recorder()
    recorder.start(state, "indian13", match_id="long", hand_no=0, seed=seed)
    while state.result is None:
        long_enough = len(recorder) >= actions
        action = random_action(state, rng, drop=0, invalid=0, declare=1.0 if long_enough else 0.0,
                               search=long_enough)
        state = apply(state, action)
        recorder.add(action.player, action)
    return recorder.finish(state)


REFEREE = """
import contextlib, io, resource, sys, time
from game.referee import main
start = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["--replay", sys.argv[1]])
assert code == 0, code
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def run(snippet: str, path: Path) -> tuple[float, float]:
    """(seconds, peak MB) of a snippet run on ``path`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", snippet, str(path)], capture_output=True, text=True, check=True)
    seconds, mb = (float(x) for x in done.stdout.split()[-2:])
    return seconds, mb


def measure(path: Path) -> dict:
    viewer_s, viewer_mb = run(VIEWER, path)
    referee_s, referee_mb = run(REFEREE, path)
    return {"viewer_s": round(viewer_s, 2), "viewer_peak_mb": round(viewer_mb), "referee_s": round(referee_s, 2),
            "referee_peak_mb": round(referee_mb)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.indian13.long_replays", description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", default="10000,20000,40000,100000", help="comma-separated lengths")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        for n in (int(x) for x in args.actions.split(",")):
            doc = long_replay(n, args.seed)
            path = Path(folder) / f"long-{n}.json"
            path.write_text(json.dumps(doc), encoding="utf-8")
            print(json.dumps({"actions": len(doc["actions"]), "bytes": path.stat().st_size, **measure(path)}),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
