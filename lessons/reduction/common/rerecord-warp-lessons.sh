#!/usr/bin/env bash
# Re-makes, on this machine's GPU, the evidence of the warp-level lessons (R6, R7, R8, R9: the lessons
# with racecheck forms) and everything that rests on it, in this order:
#   lessons/reduction/common/rerecord-warp-lessons.sh [BUILD_DIR]
#   1. cmake --build BUILD_DIR: the lessons as the sources are now;
#   2. racecheck.sh BUILD_DIR: each form's racecheck report, headed by the sources it was made from;
#   3. record-all.sh BUILD_DIR IDS: each lesson's traces (every variant, with --bench) and its
#      classroom trace, whose verdicts read those reports;
#   4. gridlock-readme --update on each lesson's README, which quotes the traces.
# BUILD_DIR (default build) is a configured tree (cmake --preset lessons-only). Stops at the first
# step that fails; prints the files it changed.
set -euo pipefail
here=$(dirname "$0")
root=$(cd "$here/../../.." && pwd)
build=${1:-build}
[ -f "$build/lesson-index.txt" ] || { echo "no $build/lesson-index.txt: configure first" >&2; exit 2; }

echo "== 1. build"
cmake --build "$build"

ids=() readmes=()
while IFS=$'\t' read -r id _ dir _; do
  if "$build/bin/$id" --list-forms >/dev/null 2>&1; then
    ids+=("$id")
    readmes+=("$dir/README.md")
  fi
done < "$build/lesson-index.txt"
[ ${#ids[@]} -gt 0 ] || { echo "no lesson in $build answers --list-forms" >&2; exit 1; }

echo "== 2. racecheck reports: ${ids[*]}"
"$here/racecheck.sh" "$build"

echo "== 3. traces"
"$root/lessons/record-all.sh" "$build" "${ids[@]}"

echo "== 4. READMEs"
"$build/bin/gridlock-readme" --update "${readmes[@]}"

git -C "$root" status --short -- lessons
