#!/usr/bin/env bash
# Records every lesson's classroom-sized trace (the options its CMakeLists.txt names after
# CLASSROOM: a block of 32 or 64 threads, a few blocks) into recorded/<id>.classroom.json, with
# the lesson's report beside it as recorded/<id>.classroom.txt, on this machine's GPU.
#   lessons/record-classroom.sh [BUILD_DIR] [ID ...]
# BUILD_DIR (default build) is a configured and built tree; IDs (default every lesson that names
# classroom options) choose lessons. Exit 0 when every run passed its own checks and wrote a
# trace, 1 otherwise, 2 usage error.
set -uo pipefail
build=build
[ $# -gt 0 ] && [ -d "$1" ] && { build=$1; shift; }
runs=$build/classroom-runs.txt
[ -f "$runs" ] || { echo "record-classroom.sh: no $runs: configure and build first" >&2; exit 2; }
status=0
while IFS=$'\t' read -r id folder options; do
  [ -n "$id" ] || continue
  if [ $# -gt 0 ] && [[ " $* " != *" $id "* ]]; then continue; fi
  [ -x "$build/bin/$id" ] || { echo "$id: no $build/bin/$id" >&2; status=1; continue; }
  trace=$folder/recorded/$id.classroom.json
  read -r -a args <<<"$options"
  "$build/bin/$id" "${args[@]}" --trace "$trace" >"${trace%.json}.txt" 2>&1
  rc=$?
  echo "$id ${options}: exit $rc"
  [ "$rc" -eq 0 ] || { tail -3 "${trace%.json}.txt"; status=1; }
done <"$runs"
exit "$status"
