"""The desktop table: a scene stack on pygame-ce.

The UI renders from the engine's observation of the seat at the screen and changes the game only
through engine actions (ARCHITECTURE.md).  Bots are reached through :mod:`game.ui.bots` alone.
"""
