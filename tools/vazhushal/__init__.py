"""Vazhushal's experiments and benchmarks (not shipped)."""
