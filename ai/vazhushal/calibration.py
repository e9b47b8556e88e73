"""Where this game's bots sit on the rating scale of :mod:`ai.skill`: ``bot -> (rating per 100
hands, half width of its 95 % interval, hands)``.  Written by ``python -m tools.calibrate --write``
(the command and the run: docs/skill.md); nothing else edits it."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-36.0, 7.6, 200),
    'Easy': (-9.5, 7.3, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (5.0, 6.8, 200),
    'Expert': (9.0, 7.0, 200),
}
