#!/usr/bin/env python3
"""The plan to solve the 2 x 6 games: every layer's size to 48 seeds and what a
build of it needs on a cluster, from rates measured here (docs/solving.md).

    python3 scripts/egdb_plan.py [--rate R] [--bytes-per-pos B] [--work-bytes W]
        [--traffic T] [--sweeps S] [--machines K] [--cores C] [--memory-gib M]
        [--bandwidth-gbit G] [--seeds N]

--rate: positions of a layer finished per CPU-second (one core), measured by
`mancala egdb build` (its per-layer report); --traffic: bytes sent in all (every
process together) per position of the layer over the whole layer, measured
by the distributed build (`mancala egdb build -n P` prints each process's
bytes per layer). Memory is given three ways: "1 machine" as `mancala egdb
build` holds it (--work-bytes a position of the layer: a 4-byte slot, 2 bytes
read in index order and 3 bitmaps, 6.4 in all, 7.4 with a stall limit; the
lower layers read from the mapped file, in the page cache, at --bytes-per-pos;
the output's 2 bytes a position are copied out after the working state's other
parts are freed, so they add nothing to the peak), "replicated" as the first
distributed build held it (its share of its 8.4-byte slots,
--replicated-work-bytes, but the whole layer's values and every lower layer
in every process), and "partitioned" as the distributed build holds it now
(docs/egdb.md, "Distributed build"): each machine its share of the layer's
working state (--cluster-work-bytes: the one-machine layout, 6.4 bytes) and
of every finished layer below (2 bytes a position), all divided by the
machines, plus --buffer-mib of fixed buffers (marks in flight, a step's
fetches, a piece of a layer on its way to process 0).
"""
import argparse
from math import comb

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--seeds", type=int, default=48)
p.add_argument("--pits", type=int, default=12)
p.add_argument("--rate", type=float, required=True, help="positions per CPU-second per core")
p.add_argument("--bytes-per-pos", type=float, default=2.0, help="file bytes per stored position")
p.add_argument("--work-bytes", type=float, default=6.4, help="memory per position of the layer being built, one machine")
p.add_argument("--cluster-work-bytes", type=float, default=6.4, help="the same, distributed build (partitioned)")
p.add_argument("--replicated-work-bytes", type=float, default=8.4, help="the same, the first distributed design")
p.add_argument("--traffic", type=float, default=0.0, help="bytes sent in all per layer position, whole layer")
p.add_argument("--sides", type=int, default=1, help="1 with side symmetry, 2 without")
p.add_argument("--machines", type=int, default=64)
p.add_argument("--cores", type=int, default=32)
p.add_argument("--memory-gib", type=float, default=256.0)
p.add_argument("--bandwidth-gbit", type=float, default=10.0)
p.add_argument("--buffer-mib", type=float, default=64.0, help="fixed buffers per process, partitioned")
p.add_argument("--table", action="store_true", help="print every layer")
a = p.parse_args()

GiB = 1024 ** 3
K, C = a.machines, a.cores
total = 0
total_cpu = 0.0
total_comm = 0.0
print(f"{'seeds':>5} {'positions':>20} {'layer file':>12} {'file so far':>12} {'mem 1 machine':>14} "
      f"{'mem replicated':>15} {'mem partitioned':>16} {'CPU h':>10} {'wall h (K x C)':>15} {'net h':>8}")
for n in range(a.seeds + 1):
    pos = comb(n + a.pits - 1, a.pits - 1) * a.sides
    total += pos
    cpu = pos / a.rate
    total_cpu += cpu
    comm = pos * a.traffic / K / (a.bandwidth_gbit * 1e9 / 8)  # each machine's link, in parallel
    total_comm += comm
    mem_one = pos * a.work_bytes + (total - pos) * a.bytes_per_pos  # working state + mapped lower layers
    mem_rep = pos * a.replicated_work_bytes / K + total * a.bytes_per_pos  # layer values + lower layers in full
    # (at a layer's end the 4-byte slots and the 2-byte values are held, 6 bytes: below the sweeps' 6.4)
    mem_part = (pos * a.cluster_work_bytes + (total - pos) * a.bytes_per_pos) / K + a.buffer_mib * 2 ** 20
    if a.table or n % 4 == 0 or n == a.seeds:
        print(f"{n:>5} {pos:>20,} {pos * a.bytes_per_pos / GiB:>10.1f} G {total * a.bytes_per_pos / GiB:>10.1f} G "
              f"{mem_one / GiB:>12.1f} G {mem_rep / GiB:>13.1f} G {mem_part / GiB:>14.1f} G {cpu / 3600:>10.1f} {cpu / (K * C) / 3600:>15.2f} {comm / 3600:>8.2f}")
print(f"total positions to {a.seeds} seeds: {total:,} ({total:.3e})")
print(f"file: {total * a.bytes_per_pos / 1e12:.2f} TB; CPU: {total_cpu / 3600:,.0f} core-hours;"
      f" wall on {K} machines x {C} cores: {total_cpu / (K * C) / 3600:,.1f} h compute"
      f" + {total_comm / 3600:,.1f} h network at {a.bandwidth_gbit} Gbit/s")
