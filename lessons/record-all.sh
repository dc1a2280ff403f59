#!/usr/bin/env bash
# Re-records every lesson's shipped traces on this machine's GPU, in lesson order:
#   lessons/record-all.sh [BUILD_DIR] [ID ...]
# BUILD_DIR (default build) is a configured and built tree; IDs (default every lesson) choose lessons.
# Each lesson runs with --bench, so the trace carries its timings; its printed report is kept
# beside the trace as <id>.txt. A lesson with variants (--list-variants) records each: the
# default as <id>.json, the others as <id>.<variant>.json; then every classroom-sized trace
# of those lessons (lessons/record-classroom.sh). A lesson whose own checks fail stops the script.
set -euo pipefail
build=build
[ $# -gt 0 ] && [ -d "$1" ] && { build=$1; shift; }
index="$build/lesson-index.txt"
[ -f "$index" ] || { echo "no $index: configure and build first (cmake --preset ...)" >&2; exit 2; }
while IFS=$'\t' read -r id title dir _; do
  if [ $# -gt 0 ] && [[ " $* " != *" $id "* ]]; then continue; fi
  echo "== $id: $title"
  mkdir -p "$dir/recorded"
  variants=$("$build/bin/$id" --list-variants 2>/dev/null || true)
  if [ -z "$variants" ]; then
    "$build/bin/$id" --bench --trace "$dir/recorded/$id.json" | tee "$dir/recorded/$id.txt"
    continue
  fi
  default=$(echo "$variants" | head -1)
  for v in $variants; do
    name=$id
    [ "$v" = "$default" ] || name=$id.$v
    "$build/bin/$id" --bench --variant "$v" --trace "$dir/recorded/$name.json" | tee "$dir/recorded/$name.txt"
  done
done < "$index"
"$(dirname "$0")/record-classroom.sh" "$build" "$@"
