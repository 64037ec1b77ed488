# The two commands of the README. Both set everything up first (see scripts/setup.sh).
#   make app    serve the lessons with Voila (voila.json) and open lessons/00_welcome.ipynb
#   make test   the whole test suite, browser tests included (one pytest command, on WORKERS
#               pytest-xdist workers: tests/conftest.py says which tests share one)
#   make bench  the benchmarks (benchmarks/run_all.py)
#   make site   the whole course as a static site in _site/ (Python in the browser; scripts/build_site.py)
.PHONY: app test bench site

# The workers of make test: one runs the browser tests, SLOW_DEVICE_GROUPS (tests/conftest.py) the
# throttled pages, the others (and each of these once done) the Python-only tests, at a lower priority.
WORKERS ?= 6

app:
	bash scripts/setup.sh app
	bash scripts/app.sh

test:
	bash scripts/setup.sh test
	.venv/bin/python -m pytest -n $(WORKERS) --dist loadscope

bench:
	bash scripts/setup.sh test
	.venv/bin/python benchmarks/run_all.py

site:
	bash scripts/setup.sh site
	.venv-site/bin/python scripts/build_site.py
