#!/usr/bin/env bash
# Set up everything the project needs, from nothing: a virtual environment in .venv with the
# project and its extras, and (for "test") Debian's chromium for the browser tests and the static
# site's build environment ("site", below).
# Usage: bash scripts/setup.sh app|test|site
# Runs non-interactively (CI=true, no stdin). A second run is quick: the install is skipped while
# pyproject.toml is older than the stamp file .venv/.setup-<what>.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
case "$what" in app|test|site) ;; *) echo "usage: $0 app|test|site" >&2; exit 2 ;; esac
python=${PYTHON:-python3}

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
if [ "$what" = site ]; then
  setup_site
  exit 0
fi
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $("$python" --version 2>&1)"
  "$python" -m venv .venv
fi
stamp=.venv/.setup-$what
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ scripts/setup.sh -nt "$stamp" ]; then
  echo "setup: installing the project with its [$what] extras into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$what]"
  touch "$stamp"
fi
if [ "$what" = test ]; then
  setup_site  # the browser tests build and test the static site too
  setup_wheelhouse
fi
if [ "$what" = test ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core </dev/null >/dev/null
fi
