#!/usr/bin/env bash
# Set up everything the project needs, from nothing: a virtual environment in .venv with the
# project and its extras, and for "test" also everything the tests use that downloads or builds, so
# that no test does it inside its timeout: Debian's chromium, the static site's build environment
# and the site itself (_site/), the wheels of a clean install (.cache/wheelhouse), the deployment
# tests' environments (.venv-binder, .venv-hub).
# Usage: bash scripts/setup.sh app|check|test|site (check: only .venv with the [test] extras, for make check)
# Runs non-interactively (CI=true, no stdin). A second run is quick: each step is skipped while what
# it was built from is unchanged (stamp files: .venv/.setup-<what>, .venv-site/.setup-site,
# .cache/wheelhouse/.setup-wheelhouse, _site/.build-inputs, .venv-binder/.stamp.json, .venv-hub/.test-stamp.json).
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
case "$what" in app|check|test|site) ;; *) echo "usage: $0 app|check|test|site" >&2; exit 2 ;; esac
python=${PYTHON:-python3}

# .venv: the project (editable) with its [app] or [test] extras.
setup_venv() {
  local extras=$1
  if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv with $("$python" --version 2>&1)"
    "$python" -m venv .venv
  fi
  local stamp=.venv/.setup-$extras
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ scripts/setup.sh -nt "$stamp" ]; then
    echo "setup: installing the project with its [$extras] extras into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
    touch "$stamp"
  fi
}

# The project's bytecode (.pyc), as pip writes it for an installed wheel: an editable install writes
# none, and where PYTHONDONTWRITEBYTECODE is set (CI machines, containers) Python never writes it
# either, so every kernel compiled the project's 110-odd modules from source again (about half of what
# importing buraco_widgets cost a lesson's first cell). Quick when current: it compiles only what changed.
# The message catalogs' tables likewise, as JSON beside the bytecode (buraco_core.messages.keep_tables):
# reading their TOML took every kernel about 30 ms.
compile_bytecode() {
  .venv/bin/python -m compileall -q -j 0 buraco_core widgets trainer >/dev/null
  .venv/bin/python -c "from buraco_core.messages import keep_tables; keep_tables()"
}

# The static site's build (make site, scripts/build_site.py): its own environment .venv-site from the
# pinned staticsite/requirements.txt (Voici and JupyterLite pin other versions than the app needs), and
# the npm side (Pyodide, axe-core) from staticsite/package-lock.json into staticsite/node_modules.
setup_site() {
  if [ ! -x .venv-site/bin/python ]; then
    echo "setup: creating .venv-site (the static site's build environment)"
    "$python" -m venv .venv-site
  fi
  local stamp=.venv-site/.setup-site
  if [ ! -f "$stamp" ] || [ staticsite/requirements.txt -nt "$stamp" ] || [ scripts/setup.sh -nt "$stamp" ]; then
    echo "setup: installing staticsite/requirements.txt into .venv-site"
    .venv-site/bin/python -m pip install --quiet --disable-pip-version-check -r staticsite/requirements.txt
    touch "$stamp"
  fi
  stamp=staticsite/node_modules/.setup-site
  if [ ! -f "$stamp" ] || [ staticsite/package-lock.json -nt "$stamp" ]; then
    echo "setup: npm ci in staticsite (Pyodide, axe-core)"
    (cd staticsite && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null)
    touch "$stamp"
  fi
}

# The wheels a clean install of the project needs (tests/test_install.py installs the checkout's wheel
# into a fresh virtual environment, offline, and serves the course from it): every dependency's wheel
# and the build backend's, downloaded once into .cache/wheelhouse. Redone when pyproject.toml changes.
setup_wheelhouse() {
  local house=.cache/wheelhouse
  local stamp=$house/.setup-wheelhouse
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ scripts/setup.sh -nt "$stamp" ]; then
    echo "setup: the wheels of a clean install into $house"
    mkdir -p "$house"
    # the project's dependencies as pyproject.toml declares them, and its build backend
    .venv/bin/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' \
      > "$house/requirements.txt"
    .venv/bin/python -m pip wheel --quiet --disable-pip-version-check -w "$house" -r "$house/requirements.txt" \
      "setuptools>=68" wheel
    touch "$stamp"
  fi
}

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
setup_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  echo "setup: installing Debian's chromium for the browser tests"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core </dev/null >/dev/null
}

# The static site the browser tests serve (tests/browser/test_site.py checks it is current):
# make site's build, skipped when its inputs did not change (downloads cached in .cache/site/); and
# the speed benchmarks' floor (benchmarks/bench_site.py, which tests/test_benchmarks.py runs).
build_test_site() {
  .venv-site/bin/python scripts/build_site.py --if-changed --out _site
  .venv-site/bin/python scripts/build_site.py --floor --if-changed --out .cache/site-floor
}

# The deployment tests' environments (tests/deploy/environments.py): Binder's as repo2docker builds
# it, a class's JupyterHub as scripts/hub_env.sh builds it; each skipped while current.
build_deploy_envs() {
  .venv/bin/python tests/deploy/environments.py
}

case "$what" in
  app)
    setup_venv app
    compile_bytecode ;;
  check)
    setup_venv test
    compile_bytecode ;;
  site)
    setup_site ;;
  test)
    setup_venv test
    compile_bytecode
    setup_chromium
    setup_site
    setup_wheelhouse
    build_test_site
    build_deploy_envs ;;
esac
