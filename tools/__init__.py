"""Developer tools that are not part of the installed game: the UI harness (screenshots, the frame
benchmark, made-up positions) and the bot experiments (``python -m tools.vazhushal.study``)."""
