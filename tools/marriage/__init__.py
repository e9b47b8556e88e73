"""Indian Marriage's screenshots and benchmarks (not shipped)."""
