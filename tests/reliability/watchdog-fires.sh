#!/usr/bin/env bash
# A lesson whose spins cannot finish within a tiny watchdog limit (GRIDLOCK_WATCHDOG_MS): it must
# end within BOUND_S seconds with EXIT_CODE, say on stdout that the watchdog stopped launches after
# LIMIT_MS ms, and write a trace that loads, passes the checker and carries the same notice.
#   watchdog-fires.sh LESSON_EXE TRACE_CHECK_EXE LIMIT_MS BOUND_S EXIT_CODE [lesson options...]
# Exit 77 (no usable GPU) passes through as "skipped".
set -u
lesson=$1 check=$2 limit_ms=$3 bound_s=$4 expected=$5
shift 5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trace=$dir/stopped.json
fail() {
  echo "FAIL: $*"
  exit 1
}

start=$SECONDS
GRIDLOCK_WATCHDOG_MS=$limit_ms timeout -k 5 "$bound_s" "$lesson" --trace "$trace" "$@" >"$dir/stdout" 2>"$dir/stderr"
rc=$?
took=$((SECONDS - start))
cat "$dir/stdout" "$dir/stderr"
[ "$rc" -eq 77 ] && exit 77
{ [ "$rc" -ne 124 ] && [ "$rc" -ne 137 ]; } || fail "still running after ${bound_s} s: the watchdog did not end it"
[ "$rc" -eq "$expected" ] || fail "exit code $rc, expected $expected"
grep -q "the watchdog stopped [1-9][0-9]* of [0-9]* launches after ${limit_ms} ms" "$dir/stdout" ||
  fail "stdout does not say that the watchdog stopped launches after ${limit_ms} ms"
[ -f "$trace" ] || fail "no trace written"
grep -q "the watchdog stopped [^\"]*after ${limit_ms} ms" "$trace" || fail "the trace's notices do not name the stop"
"$check" "$trace" >"$dir/check" 2>&1 || {
  cat "$dir/check"
  fail "the trace of a stopped run does not pass the checker"
}
echo "PASS: stopped after ${limit_ms} ms, exit $rc, ${took} s in all"
