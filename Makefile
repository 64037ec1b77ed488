# The two commands of the README. Both set everything up first (see scripts/setup.sh).
.PHONY: app test bench

app:
	bash scripts/setup.sh app
	.venv/bin/voila --no-browser=False

test:
	bash scripts/setup.sh test
	.venv/bin/python -m pytest

bench:
	bash scripts/setup.sh test
	.venv/bin/python benchmarks/run_all.py
