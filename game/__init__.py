"""Vazhushal ("Wipe"), the rummy game from Chennai."""

__version__ = "0.1.0"
