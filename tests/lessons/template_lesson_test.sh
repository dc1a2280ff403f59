#!/usr/bin/env bash
# The lesson built from the new-lesson template runs: it describes its options as JSON, refuses
# a wrong flag, and a run either passes and writes a trace gridlock-trace-check accepts (a GPU) or
# says it needs a GPU and exits 77 (none).
#   template_lesson_test.sh LESSON GRIDLOCK_TRACE_CHECK
set -u
lesson=$1 check=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$lesson" --describe-options >"$scratch/options.json" || fail "--describe-options failed"
grep -q '"lesson": "template-lesson"' "$scratch/options.json" || fail "the description names another lesson"
grep -q '"name": "block"' "$scratch/options.json" || fail "the description lacks the shared options"
"$lesson" --no-such-option >/dev/null 2>&1
[ $? -eq 2 ] || fail "a wrong flag is not a usage error"

"$lesson" --runs 1 --trace "$scratch/trace.json" >"$scratch/out.txt" 2>&1
rc=$?
case $rc in
  0) "$check" "$scratch/trace.json" >/dev/null || fail "the trace it wrote does not pass gridlock-trace-check" ;;
  77) grep -q "needs an NVIDIA GPU" "$scratch/out.txt" || fail "no GPU, and it does not say so: $(head -c 300 "$scratch/out.txt")" ;;
  *) fail "a run exited $rc: $(head -c 300 "$scratch/out.txt")" ;;
esac
echo "PASS (run exit $rc)"
