# The two commands of the README. Both set everything up first (see scripts/setup.sh).
#   make app    serve the lessons with Voila (voila.json) and open lessons/00_welcome.ipynb
#   make test   the whole test suite, browser tests included (one pytest command, on WORKERS
#               pytest-xdist workers: tests/conftest.py says which tests share one), but the
#               slow-device pages
#   make test-slow-device  every lesson page on a slow device (tests/browser/test_slow_device.py,
#               issue 25): every page passes; not in make test for its 10 minutes on one worker
#   make check  the quick loop to run while working: ruff, mypy, lint-imports (the floors of
#               docs/architecture.md) and the Python-only tests on CHECK_WORKERS workers; it sets up only
#               .venv (scripts/setup.sh check). It leaves to make test: the browser tests (Voila, the static
#               site, the benchmarks' pages), the deployments (Binder, a hub), the lessons run by nbval, the
#               wheel's clean install (tests/test_install.py) and the verdict audit's exhaustive runs (marker
#               exhaustive, about 10 minutes; the audit's red tests stay here)
#   make bench  the benchmarks (benchmarks/run_all.py)
#   make site   the whole course as a static site in _site/ (Python in the browser; scripts/build_site.py)
.PHONY: app check test test-slow-device bench site

# The workers of make test: three run the browser tests (the static site's, the benchmarks' with some
# Voila pages, the others), the others the Python-only tests, at a lower priority (tests/conftest.py).
WORKERS ?= 5

CHECK_WORKERS ?= 2

app:
	bash scripts/setup.sh app
	bash scripts/app.sh

check:
	bash scripts/setup.sh check
	.venv/bin/ruff check buraco_core widgets trainer tests scripts benchmarks
	.venv/bin/python -m mypy
	.venv/bin/lint-imports --no-logo --no-cache
	.venv/bin/python -m pytest -n $(CHECK_WORKERS) --dist loadscope -m "not browser and not deploy and not slow_device and not exhaustive" \
		--ignore=tests/test_install.py tests buraco_core

test:
	bash scripts/setup.sh test
	.venv/bin/python -m pytest -n $(WORKERS) --dist loadscope -m "not slow_device"

test-slow-device:
	bash scripts/setup.sh test
	.venv/bin/python -m pytest tests/browser/test_slow_device.py

bench:
	bash scripts/setup.sh test
	.venv/bin/python benchmarks/run_all.py

site:
	bash scripts/setup.sh site
	.venv-site/bin/python scripts/build_site.py
