#!/usr/bin/env bash
# The web platform's browser tests (crates/web/tests/browser): Debian's
# headless Chromium driven by playwright-core under Node's own test runner,
# against the release binary. Installs what is missing: Chromium from
# Debian's packages (as root) and the pinned npm package (npm ci).
# Screenshots (and on failure, the failing pages) go to
# target/browser-artifacts/, with each server's log.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=crates/web/tests/browser
chromium="${CHROMIUM:-/usr/bin/chromium}"

if [ ! -x "$chromium" ]; then
  echo "== installing Debian's chromium"
  if [ "$(id -u)" -ne 0 ]; then
    echo "$chromium is missing: run 'apt-get install chromium' as root (or set CHROMIUM)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "Node.js 20 or later and npm are required for the browser tests" >&2
  exit 1
fi
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "Node.js 20 or later is required for the browser tests (found $(node --version))" >&2
  exit 1
fi

# The server binary as `cargo test --workspace --release` builds it: a no-op
# right after that command (scripts/test.sh). `cargo build -p mancala-web`
# would resolve features differently and compile the dependencies again.
cargo test --workspace --release --no-run --quiet

rm -rf target/browser-artifacts
(cd "$dir" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error)
echo "== browser tests ($("$chromium" --version 2>/dev/null))"
(cd "$dir" && npm test)
echo "screenshots: target/browser-artifacts/"
