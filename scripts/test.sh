#!/usr/bin/env bash
# Every test the project has, from a fresh clone: formatting, lints, then the
# whole test suite in release mode (the property and perft tests are much
# faster optimised). Peer comparisons, fuzzing and long runs are separate
# scripts (see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/devnull.sh
devnull_was_device=0
[ -c /dev/null ] && devnull_was_device=1

if ! command -v cargo >/dev/null; then
  echo "cargo is required: install Rust from https://rustup.rs" >&2
  exit 1
fi
rustup component add rustfmt clippy >/dev/null 2>&1 || true

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
empty_devnull
cargo clippy --workspace --all-targets --release -- -D warnings
echo "== cargo test"
empty_devnull
# The web server's PostgreSQL tests need a server: scripts/postgres.sh
# installs PostgreSQL if missing, starts a throwaway one on 127.0.0.1 for the
# tests' run, and stops and removes it afterwards.
scripts/postgres.sh cargo test --workspace --release

# The Python package (python/): built into a virtual environment the script
# makes (target/pyenv) and tested with pytest (uses target/release/mancala).
echo "== python tests"
./scripts/python-tests.sh

# The web platform in a real browser (installs Debian's chromium and the npm
# package it needs; uses the release binary built just above).
echo "== browser tests"
./scripts/browser-tests.sh

# No test may replace the machine's /dev/null (a program that writes a file
# "atomically" by renaming over its output path would).
if [ "$devnull_was_device" = 1 ] && [ ! -c /dev/null ]; then
  echo "/dev/null is no longer a device after the tests: a test replaced it" >&2
  exit 1
fi
