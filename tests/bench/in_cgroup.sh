#!/bin/sh
# Chromium inside the bench's CPU quota (quota.py): join the cgroup whose cgroup.procs BENCH_CGROUP_PROCS names,
# then become Chromium (BENCH_CHROMIUM), so that every process it starts is in the cgroup too.
echo $$ > "$BENCH_CGROUP_PROCS" || exit 1
exec "$BENCH_CHROMIUM" "$@"
