"""21-card Indian Rummy's experiments and benchmarks (not shipped)."""
