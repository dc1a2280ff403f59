#!/usr/bin/env bash
# Kills a program that writes a large trace in a loop with SIGINT or SIGTERM at random moments,
# many times: afterwards the target is absent, or the previous or a new complete trace, and no
# temporary file (*.tmp-*) is left.
#   interrupt-test.sh WRITER [ROUNDS]
set -u
writer=$1 rounds=${2:-40}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
target=$dir/trace.json
RANDOM=20261123
for ((round = 1; round <= rounds; round++)); do
  signal=$([ $((round % 2)) -eq 0 ] && echo INT || echo TERM)
  # The last round's output goes first: the new writer's shell may open (and empty) the file only
  # after the loop below has looked, and must not find the old "ready" there.
  rm -f "$dir/out"
  "$writer" write "$target" >"$dir/out" &
  pid=$!
  # Once it takes signals as they come (before, a SIGINT would be ignored), within 30 s.
  for ((wait_ms = 0; wait_ms < 30000; wait_ms += 10)); do
    grep -q '^ready$' "$dir/out" 2>/dev/null && break
    sleep 0.01
  done
  if ! grep -q '^ready$' "$dir/out"; then
    echo "FAIL round $round: the writer did not start within 30 s"
    kill -s KILL "$pid"
    exit 1
  fi
  # Past its start-up (serialising two traces) in most rounds, at a random point of a write.
  sleep "$((RANDOM % 4 / 3)).$(printf '%03d' $((RANDOM % 1000)))"
  kill -s "$signal" "$pid"
  wait "$pid"
  rc=$?
  if [ "$rc" -lt 128 ]; then
    echo "FAIL round $round: the writer ended with $rc, not by SIG$signal"
    exit 1
  fi
  if ! "$writer" check "$target" >/dev/null; then
    echo "FAIL round $round (SIG$signal after the pause): see above"
    exit 1
  fi
done
echo "PASS $rounds interruptions: no partial trace, no temporary file left"
