"""Where this game's bots sit on the rating scale of :mod:`ai.skill`: ``bot -> (rating per 100
hands, half width of its 95 % interval, hands)``.  Written by ``python -m tools.calibrate --write``
(the command and the run: docs/skill.md); nothing else edits it."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-46.8, 7.1, 200),
    'Easy': (-21.2, 7.5, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (1.5, 5.8, 200),
    'Expert': (7.5, 7.2, 200),
}
