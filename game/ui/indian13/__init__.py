"""The 13-card Indian Rummy table: its match (the series of deals), the player's grouping of a
hand, the table scene, the result table, How-to-play pages, the new-game screen's presets and
house rules, and its table in the replay viewer.  :data:`FRONT` (:mod:`.front`) is its entry of
:mod:`game.ui.games`."""
