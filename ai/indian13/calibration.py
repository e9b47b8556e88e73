"""The bot front's ``calibration`` (:mod:`ai.skill`), written by ``python -m tools.calibrate --write``."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-55.0, 6.9, 200),
    'Easy': (-10.0, 6.2, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (0.5, 5.5, 200),
    'Expert': (1.0, 6.5, 200),
}
