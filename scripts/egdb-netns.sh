#!/usr/bin/env bash
# Runs a distributed endgame database build with each process on its own
# "host": P Linux network namespaces (egdb0 .. egdbP-1), joined by a bridge
# in a further namespace (egdbhub), with addresses 10.231.0.1 .. 10.231.0.P.
# Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN) and iproute2. The
# namespaces are removed at the end, also on failure.
#
#   scripts/egdb-netns.sh P --game ID --seeds N --out FILE [other egdb build options]
#
# Environment: MANCALA (default target/release/mancala); EGDB_TCP_RETRIES
# (optional): each namespace's net.ipv4.tcp_retries2, how many times TCP
# retransmits to a silent host before the connection fails (Linux default
# 15, about 15 minutes; 5 gives about 10 to 15 seconds). Exits 0 if every
# process succeeded, else 1.
set -u
if [ $# -lt 1 ] || ! [[ $1 =~ ^[1-9][0-9]?$ ]] || [ "$1" -gt 50 ]; then
    echo "usage: $0 P --game ID --seeds N --out FILE [egdb build options]  (P: 1 to 50)" >&2
    exit 2
fi
procs=$1
shift
bin=${MANCALA:-target/release/mancala}
if ! [ -x "$bin" ]; then
    echo "$0: $bin is not an executable (cargo build --release -p mancala-cli, or set MANCALA)" >&2
    exit 2
fi
hostfile=$(mktemp)
cleanup() {
    for ((i = 0; i < procs; i++)); do ip netns del "egdb$i" 2>/dev/null; done
    ip netns del egdbhub 2>/dev/null
    rm -f "$hostfile"
}
trap cleanup EXIT
set -e
ip netns add egdbhub
ip -n egdbhub link add br0 type bridge
ip -n egdbhub link set br0 up
for ((i = 0; i < procs; i++)); do
    ip netns add "egdb$i"
    ip link add "egdbh$i" netns egdbhub type veth peer name eth0 netns "egdb$i"
    ip -n egdbhub link set "egdbh$i" master br0 up
    ip -n "egdb$i" addr add "10.231.0.$((i + 1))/24" dev eth0
    ip -n "egdb$i" link set eth0 up
    ip -n "egdb$i" link set lo up
    if [ -n "${EGDB_TCP_RETRIES:-}" ]; then
        ip netns exec "egdb$i" sysctl -q -w "net.ipv4.tcp_retries2=$EGDB_TCP_RETRIES"
    fi
    echo "10.231.0.$((i + 1)):2101" >>"$hostfile"
done
set +e
# The processes themselves: scripts/egdb-cluster.sh, each in its namespace.
EGDB_CLUSTER_HOSTFILE=$hostfile EGDB_CLUSTER_NETNS=egdb MANCALA=$bin \
    "$(dirname "$0")/egdb-cluster.sh" "$procs" "$@"
