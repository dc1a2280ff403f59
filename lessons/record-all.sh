#!/usr/bin/env bash
# Re-records every lesson's shipped trace on this machine's GPU, in lesson order:
#   lessons/record-all.sh [BUILD_DIR]
# Each lesson runs with --bench, so the trace carries its timings; its printed report is kept
# beside the trace as <id>.txt. A lesson whose own checks fail stops the script.
set -euo pipefail
build=${1:-build}
index="$build/lesson-index.txt"
[ -f "$index" ] || { echo "no $index: configure and build first (cmake --preset ...)" >&2; exit 2; }
while IFS=$'\t' read -r id title dir; do
  echo "== $id: $title"
  mkdir -p "$dir/recorded"
  "$build/bin/$id" --bench --trace "$dir/recorded/$id.json" | tee "$dir/recorded/$id.txt"
done < "$index"
