"""The bot front's ``calibration`` (:mod:`ai.skill`), written by ``python -m tools.calibrate --write``."""

CALIBRATION: dict[str, tuple[float, float, int]] = {
    'Random': (-38.5, 7.2, 200),
    'Easy': (-17.8, 7.4, 200),
    'Medium': (0.0, 0.0, 200),
    'Hard': (-2.0, 5.9, 200),
    'Expert': (2.2, 3.6, 600),
}
