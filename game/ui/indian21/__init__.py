"""The 21-card Indian Rummy table (and 27-card Rummy's): its match (the series of deals), the table
scene, the results, How-to-play pages, the new-game screen's presets and house rules, and its table
in the replay viewer.  :data:`FRONT` (:mod:`.front`) is its entry of :mod:`game.ui.games`."""
