"""Benchmarks: one script per target (``python -m bench.bench_NAME``), ``python -m bench.run_all`` for all."""
