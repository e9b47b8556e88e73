"""Where this game's bots sit on the rating scale of :mod:`ai.skill`: ``bot -> (rating per 100
hands, half width of its 95 % interval, hands)``.  Written by ``python -m tools.calibrate --write``
(the command and the run: docs/skill.md); nothing else edits it."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-55.0, 6.9, 200),
    'Easy': (-10.0, 6.2, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (0.5, 5.5, 200),
    'Expert': (1.0, 6.5, 200),
}
