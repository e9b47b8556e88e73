"""The bot front's ``calibration`` (:mod:`ai.skill`), written by ``python -m tools.calibrate --write``."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-46.8, 7.1, 200),
    'Easy': (-21.2, 7.5, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (1.5, 5.8, 200),
    'Expert': (7.5, 7.2, 200),
}
