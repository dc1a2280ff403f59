#!/usr/bin/env bash
# Re-records the lessons' shipped traces on this machine's GPU, in lesson order:
#   lessons/record-all.sh [BUILD_DIR] [ID ...]
# IDs (default every lesson) choose the lessons re-recorded, their classroom traces included.
# Each lesson runs with --bench, so the trace carries its timings; its printed report is kept
# beside the trace as <id>.txt. A lesson with variants (--list-variants) records each: the
# default as <id>.json, the others as <id>.<variant>.json; then every classroom-sized trace
# (lessons/record-classroom.sh). A lesson that names RECORD options (its CMakeLists.txt) records
# every variant with them. A lesson whose own checks fail stops the script.
set -euo pipefail
build=build
[ $# -gt 0 ] && [ -d "$1" ] && { build=$1; shift; }
index="$build/lesson-index.txt"
[ -f "$index" ] || { echo "no $index: configure and build first (cmake --preset ...)" >&2; exit 2; }
while IFS=$'\t' read -r id title dir _; do
  if [ $# -gt 0 ] && [[ " $* " != *" $id "* ]]; then continue; fi
  echo "== $id: $title"
  options=()
  if [ -f "$build/record-options.txt" ]; then
    read -r -a options <<<"$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$build/record-options.txt")"
  fi
  mkdir -p "$dir/recorded"
  variants=$("$build/bin/$id" --list-variants 2>/dev/null || true)
  if [ -z "$variants" ]; then
    "$build/bin/$id" --bench "${options[@]}" --trace "$dir/recorded/$id.json" | tee "$dir/recorded/$id.txt"
    continue
  fi
  default=$(echo "$variants" | head -1)
  for v in $variants; do
    name=$id
    [ "$v" = "$default" ] || name=$id.$v
    "$build/bin/$id" --bench "${options[@]}" --variant "$v" --trace "$dir/recorded/$name.json" | tee "$dir/recorded/$name.txt"
  done
done < "$index"
"$(dirname "$0")/record-classroom.sh" "$build" "$@"
