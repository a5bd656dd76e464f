#!/usr/bin/env bash
# The Python package's tests (python/tests), from a fresh clone: makes a
# virtual environment in target/pyenv (installing Debian's python3-venv
# first, as root, if the standard python3 cannot make one), installs what
# the tests need (python/requirements-test.txt: maturin, NumPy, pytest,
# OpenSpiel), builds and installs the package with `pip install ./python`,
# and runs pytest. The environment and the Rust build (target/python) are
# kept between runs, so a second run only rebuilds what changed.
#
# MANCALA_BIN: the `mancala` command the tests compare with (default
# target/release/mancala, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/devnull.sh

PYTHON=${PYTHON:-python3}
VENV=target/pyenv
if ! command -v "$PYTHON" >/dev/null; then
  echo "python3 (3.9 or later) is required for the Python package's tests" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing python3-venv"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
  else
    echo "python3 cannot make a virtual environment: install python3-venv" >&2
    exit 1
  fi
fi
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
# Install the test requirements when they changed since the last run.
stamp=$VENV/.requirements-test
if ! cmp -s python/requirements-test.txt "$stamp"; then
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r python/requirements-test.txt
  cp python/requirements-test.txt "$stamp"
fi

# The extension's Rust code (its own Cargo project, so the workspace's fmt
# and clippy do not see it).
export PATH="$PWD/$VENV/bin:$PATH"
export CARGO_TARGET_DIR=$PWD/target/python
export PYO3_PYTHON=$PWD/$VENV/bin/python
cargo fmt --manifest-path python/Cargo.toml -- --check
cargo clippy --quiet --manifest-path python/Cargo.toml --all-targets -- -D warnings

# Build the wheel (maturin, from the venv: no download per run) and install it.
empty_devnull
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-build-isolation \
  --force-reinstall --no-deps ./python

# From the repository root, so that `import mancala` finds the installed
# package (python/python/mancala has no extension module).
if [ -z "${MANCALA_BIN:-}" ] && [ ! -x target/release/mancala ]; then
  cargo build --release -p mancala-cli
fi
export MANCALA_BIN=${MANCALA_BIN:-$PWD/target/release/mancala}
"$VENV/bin/python" -m pytest -q python/tests "$@"
