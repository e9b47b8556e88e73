"""Indian Rummy's experiments (not shipped)."""
