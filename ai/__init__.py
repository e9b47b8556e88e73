"""Bots for Vazhushal.  They see only an observation of their own seat (RULES.md V12)."""
