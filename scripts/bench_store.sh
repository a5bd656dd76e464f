#!/usr/bin/env bash
# Stored moves a second on SQLite and on PostgreSQL (a throwaway server on
# 127.0.0.1, started by scripts/postgres.sh), as a Markdown table. Each move
# is one durable transaction (SQLite: WAL with synchronous=FULL; PostgreSQL:
# synchronous_commit=on, fsync on), so the disk's flush time dominates.
#   scripts/bench_store.sh [MOVES_PER_GAME=300]
set -euo pipefail
cd "$(dirname "$0")/.."
MOVES=${1:-300} exec scripts/postgres.sh \
  cargo test --release --quiet -p mancala-web --test web -- --ignored --exact store_speed --nocapture
