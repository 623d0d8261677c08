"""Benchmarks that run the agent: robustness of each mode to a model's mistakes."""
