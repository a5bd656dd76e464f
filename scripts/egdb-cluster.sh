#!/usr/bin/env bash
# Runs a distributed endgame database build on this machine: P processes of
# `mancala egdb build ARGS... -n P -p I -h HOSTFILE`, connected over the
# loopback interface, and waits for all of them.
#
#   scripts/egdb-cluster.sh P --game ID --seeds N --out FILE [other egdb build options]
#
# Process 0 writes FILE (the same bytes as `mancala egdb build` alone).
# Environment: MANCALA (the binary; default target/release/mancala),
# EGDB_CLUSTER_PORT (the first port; default 2101: the processes listen on
# 127.0.0.1:PORT to PORT+P-1), EGDB_CLUSTER_HOSTFILE (a host file to use
# instead of the loopback one), EGDB_CLUSTER_NETNS (a prefix: process I runs
# in network namespace PREFIX<I>, as scripts/egdb-netns.sh sets up). Each
# process's output lines start with
# "[I] ". Exits 0 if every process succeeded, else 1 (each failing process
# says why).
set -u
if [ $# -lt 1 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 P --game ID --seeds N --out FILE [egdb build options]" >&2
    echo "  P: the number of processes (a positive whole number)" >&2
    exit 2
fi
procs=$1
shift
bin=${MANCALA:-target/release/mancala}
port=${EGDB_CLUSTER_PORT:-2101}
if ! [ -x "$bin" ]; then
    echo "$0: $bin is not an executable (build it: cargo build --release -p mancala-cli, or set MANCALA)" >&2
    exit 2
fi
if [ -n "${EGDB_CLUSTER_HOSTFILE:-}" ]; then
    hostfile=$EGDB_CLUSTER_HOSTFILE
else
    hostfile=$(mktemp)
    trap 'rm -f "$hostfile"' EXIT
    for ((i = 0; i < procs; i++)); do
        echo "127.0.0.1:$((port + i))" >>"$hostfile"
    done
fi
pids=()
for ((i = 0; i < procs; i++)); do
    launch=()
    if [ -n "${EGDB_CLUSTER_NETNS:-}" ]; then
        launch=(ip netns exec "${EGDB_CLUSTER_NETNS}$i")
    fi
    "${launch[@]}" "$bin" egdb build "$@" -n "$procs" -p "$i" -h "$hostfile" \
        > >(sed -u "s/^/[$i] /") 2> >(sed -u "s/^/[$i] /" >&2) &
    pids+=($!)
done
failed=0
for ((i = 0; i < procs; i++)); do
    if ! wait "${pids[$i]}"; then
        echo "[$i] exited with an error" >&2
        failed=1
    fi
done
# Let the output filters finish their last lines.
wait
exit $failed
