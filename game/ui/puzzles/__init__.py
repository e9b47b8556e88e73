"""Practice puzzles in the app: the player's puzzle record (:mod:`.record`), a puzzle's position
read from its seat's view (:mod:`.position`); the screen is :mod:`game.ui.scenes.puzzles`."""
