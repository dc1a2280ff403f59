#!/usr/bin/env bash
# The lockstep model's traces of L3: the model writes them afresh, gridlock-trace-check passes
# them, and they equal the ones shipped in lessons/locks/deadlock-lock/recorded/ in everything but
# producer.recorded_at.
#   model_traces_test.sh MODEL CHECKER SOURCE_DIR OUTPUT_DIR
set -uo pipefail
model=$1 checker=$2 shipped=$3/lessons/locks/deadlock-lock/recorded out=$4

rm -rf "$out" && mkdir -p "$out" || exit 1
"$model" "$out" >"$out/model.log" 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then
  cat "$out/model.log"
  echo "FAIL: deadlock-lock-model exited with $rc"
  exit 1
fi

without_time() { sed -E 's/"recorded_at":"[^"]*"/"recorded_at":""/' "$1"; }
# A build without the GPU lessons has no line tables, so its model names no recording lines; the
# rest of the trace must still be the shipped one.
without_recording() { sed -E 's/,"recording":\[[0-9,]*\]//'; }

status=0
for name in deadlock-lock.lockstep deadlock-lock.lockstep-inside-the-loop; do
  "$checker" "$out/$name.json" || status=1
  if [ ! -f "$shipped/$name.json" ]; then
    echo "FAIL: $shipped/$name.json is missing"
    status=1
  elif grep -q '"recording":' "$out/$name.json" &&
    ! diff <(without_time "$shipped/$name.json") <(without_time "$out/$name.json") >"$out/$name.diff"; then
    echo "FAIL: the model's $name.json differs from the shipped one (first lines of the diff below):"
    head -n 20 "$out/$name.diff"
    status=1
  elif ! grep -q '"recording":' "$out/$name.json" &&
    ! diff <(without_time "$shipped/$name.json" | without_recording) <(without_time "$out/$name.json") \
      >"$out/$name.diff"; then
    echo "FAIL: the model's $name.json differs from the shipped one (first lines of the diff below):"
    head -n 20 "$out/$name.diff"
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "Re-run the model from the repository root and commit its traces:"
  echo "  $model lessons/locks/deadlock-lock/recorded"
fi
exit "$status"
