"""The bot front's ``calibration`` (:mod:`ai.skill`), written by ``python -m tools.calibrate --write``."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-36.0, 7.6, 200),
    'Easy': (-9.5, 7.3, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (5.0, 6.8, 200),
    'Expert': (9.0, 7.0, 200),
}
