#!/usr/bin/env bash
# Runs a command next to a throwaway PostgreSQL server on 127.0.0.1, for the
# web server's PostgreSQL tests (scripts/test.sh runs the test suite so):
#
#   scripts/postgres.sh cargo test -p mancala-web --test web
#
# The server gets a fresh data directory under /tmp, a free port, a socket
# directory of its own and a random password; the command finds it in
# MANCALA_TEST_POSTGRES=postgres://mancala:PASSWORD@127.0.0.1:PORT/postgres
# (each test creates and drops a database of its own there). When the
# command ends, however it ends, the server is stopped and the directory
# removed; the script exits with the command's status.
#
# PostgreSQL is installed with apt-get if it is missing (as root; any
# version Debian ships). As root the server runs as the `postgres` user,
# since it refuses to run as root.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENTS...]" >&2
  exit 2
fi

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(bindir)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed: run 'apt-get install postgresql' as root" >&2
    exit 1
  fi
  echo "== installing PostgreSQL (apt-get install postgresql)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin=$(bindir)
fi

dir=$(mktemp -d /tmp/mancala-pg.XXXXXX)
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$dir"
  # From inside $dir: the postgres user may not be allowed into the caller's.
  as_server() { (cd "$dir" && runuser -u postgres -- "$@"); }
else
  as_server() { "$@"; }
fi
stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_server "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
(umask 077 && printf '%s\n' "$password" >"$dir/password")
[ "$(id -u)" -ne 0 ] || chown postgres: "$dir/password"
# --no-sync: the directory is thrown away, so initdb need not flush it.
as_server "$bin/initdb" -D "$dir/data" -U mancala --pwfile="$dir/password" \
  --auth=scram-sha-256 -E UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }

# A port picked at random and tried; a taken one makes the start fail, and
# the next is tried.
started=
for _ in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 40000))
  if as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir" start >/dev/null; then
    started=yes
    break
  fi
done
if [ -z "$started" ]; then
  echo "PostgreSQL did not start; its log:" >&2
  cat "$dir/server.log" >&2 || true
  exit 1
fi
echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

export MANCALA_TEST_POSTGRES="postgres://mancala:$password@127.0.0.1:$port/postgres"
status=0
"$@" || status=$?
exit "$status"
