"""Indian Marriage at the desktop app (INDIAN_21.md Part B): the series of deals, the table (the
shared table of the games whose melds stay in the hand, :mod:`game.ui.inhand`, with the expose
step, seeing the maal, the tiplu and finishing), the results, How to play, the new-game setup, the
replay adapter and the smoke test; :data:`FRONT` in :mod:`.front`."""
