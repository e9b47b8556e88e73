"""Vazhushal at the desktop app: its match (undo within a turn, the score sheet), the table scene
(:mod:`.table`), the hand-over and match-over screens, the score sheet, the tutorial, How-to-play
pages, the new-game screen's presets and house rules, and its table in the replay viewer.
:data:`FRONT` (:mod:`.front`) is its entry of :mod:`game.ui.games`."""
