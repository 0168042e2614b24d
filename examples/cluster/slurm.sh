#!/usr/bin/env bash
# A Slurm job array: 32 tasks, each one shard of the run. Each task reads
# its shard from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, so the
# command has no --shard. When all are done, merge them:
#
#   sbatch examples/cluster/slurm.sh
#   changeling merge results/shard-*.jsonl --out results.jsonl
#
#SBATCH --job-name=changeling
#SBATCH --array=1-32
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=results/slurm-%a.log
set -euo pipefail
mkdir -p results
changeling run examples/experiments/drop_schedule.rhai --seed 7 \
    --threads "$SLURM_CPUS_PER_TASK" -q \
    --out "results/shard-$SLURM_ARRAY_TASK_ID.jsonl"
