#!/usr/bin/env bash
# Runs an experiment as SHARDS shards on this machine with GNU parallel,
# one process per shard, then merges them into OUT: the same bytes as
# one run of the whole experiment with the same seed.
#
#   examples/cluster/parallel.sh SCRIPT SHARDS OUT [run options...]
#   examples/cluster/parallel.sh examples/experiments/drop_schedule.rhai 4 drops.jsonl --seed 7
#
# CHANGELING names the program (default: changeling on the PATH).
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 SCRIPT SHARDS OUT [run options...]" >&2
    exit 2
fi
script=$1 shards=$2 out=$3
shift 3
bin=${CHANGELING:-changeling}
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
# Each shard on one thread: parallel gives each process its own core.
seq 1 "$shards" | parallel --halt now,fail=1 -q \
    "$bin" run "$script" --shard "{}/$shards" --threads 1 -q --out "$parts/shard-{}.jsonl" "$@"
"$bin" merge "$parts"/shard-*.jsonl --out "$out"
