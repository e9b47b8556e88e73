"""Where this game's bots sit on the rating scale of :mod:`ai.skill`: ``bot -> (rating per 100
hands, half width of its 95 % interval, hands)``.  Written by ``python -m tools.calibrate --write``
(the command and the run: docs/skill.md); nothing else edits it."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-38.5, 7.2, 200),
    'Easy': (-17.8, 7.4, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (-2.0, 5.9, 200),
    'Expert': (5.2, 5.6, 200),
}
