#!/usr/bin/env bash
# lessons/sanitize-all.sh against stand-ins: a build folder with two lessons (one with the
# variants racy, atomic and two-gpu, whose sanitize.tsv gives small sizes and expects racecheck's
# hazards in racy; two-gpu cannot run here) and a compute-sanitizer that runs the lesson and prints
# the summary line the real tools print: two racecheck hazards in the racy variant, and with
# LEAK=1 a memcheck error in the other.
#   sanitize-all-test.sh SOURCE_DIR
set -u
script=$1/lessons/sanitize-all.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

mkdir -p "$dir/build/bin" "$dir/plain" "$dir/racy"
printf 'plain\tPlain lesson\t%s/plain\t\nracy\tRacy lesson\t%s/racy\t\n' "$dir" "$dir" >"$dir/build/lesson-index.txt"
printf 'options\t--runs 1 --grid 4\nexpected\tracecheck\tracy\tthe race is the lesson\nsanitizer\tinitcheck\t--launch-count 4\nexit\tsynccheck\t1\tthe tool changes the lesson\n' \
  >"$dir/racy/sanitize.tsv"
cat >"$dir/build/bin/plain" <<'LESSON'
#!/bin/bash
[ "$1" = --list-variants ] && { echo "The following argument was not expected: --list-variants" >&2; exit 2; }
[ "$1" = --list-forms ] && { echo one; exit 0; }
[ "$*" = "--form one" ] && exit 0
[ "$1 $2" = "--runs 2" ] || { echo "plain: expected the default --runs 2, got $*" >&2; exit 2; }
exit 0
LESSON
cat >"$dir/build/bin/racy" <<'LESSON'
#!/bin/bash
[ "$1" = --list-variants ] && { printf 'racy\natomic\ntwo-gpu\n'; exit 0; }
[ "$1" = --list-forms ] && exit 2
[ "$1 $2 $3 $4" = "--runs 1 --grid 4" ] || { echo "racy: expected its sanitize.tsv options, got $*" >&2; exit 2; }
[[ " $* " == *" --variant two-gpu "* ]] && { echo "racy: not run on this machine: it has one GPU" >&2; exit 77; }
[ -n "${UNDER_SYNCCHECK:-}" ] && exit 1
exit 0
LESSON
cat >"$dir/compute-sanitizer" <<'TOOL'
#!/bin/bash
tool=$2; shift 2
[ "$1" = --launch-count ] && { [[ $3 == */racy ]] || exit 3; shift 2; }
[ -n "${SLOW:-}" ] && sleep "$SLOW"
[ "$tool" = synccheck ] && export UNDER_SYNCCHECK=1  # the racy lesson fails under this tool
"$@"; rc=$?
if [ "$tool" = racecheck ]; then
  n=0; [[ " $* " == *" --variant racy "* ]] && n=2
  echo "========= RACECHECK SUMMARY: $n hazards displayed ($n errors, 0 warnings)"
elif [ "$tool" = memcheck ] && [ -n "${LEAK:-}" ] && [[ $1 == */plain ]]; then
  echo "========= ERROR SUMMARY: 1 error"
else
  echo "========= ERROR SUMMARY: 0 errors"
fi
exit $rc
TOOL
chmod +x "$dir/build/bin/plain" "$dir/build/bin/racy" "$dir/compute-sanitizer"
export COMPUTE_SANITIZER=$dir/compute-sanitizer

"$script" "$dir/build" --out "$dir/table.md" >"$dir/stdout.md" 2>"$dir/stderr"
rc=$?
cat "$dir/stdout.md"
[ "$rc" -eq 0 ] || fail "exit code $rc with only expected hazards, expected 0"
cmp -s "$dir/stdout.md" "$dir/table.md" || fail "--out does not hold the printed table"
[ "$(grep -c '^| plain \| racy ' "$dir/table.md")" -eq 16 ] || fail "not 16 rows: plain's 3 tools and its form, racy's 3 variants x 4 tools"
grep -q '^| plain | form one | racecheck | 0 hazards (0 errors, 0 warnings) | clean |$' "$dir/table.md" ||
  fail "a lesson with forms is not raced per form"
grep -q '^| plain | (default) | racecheck' "$dir/table.md" && fail "a lesson with forms is raced per variant too"
grep -q '^| racy | atomic | synccheck | 0 errors; lesson exit 1 | expected: the tool changes the lesson |$' "$dir/table.md" ||
  fail "an exit code sanitize.tsv expects is not reported as expected"
grep -q '^| racy | atomic | initcheck | 0 errors; with --launch-count 4 | clean |$' "$dir/table.md" ||
  fail "the sanitizer options of sanitize.tsv are not used or not shown"
grep -q '^| plain | (default) | memcheck | 0 errors | clean |$' "$dir/table.md" || fail "no clean memcheck row for plain"
grep -q '^| racy | racy | racecheck | 2 hazards (2 errors, 0 warnings) | expected: the race is the lesson |$' \
  "$dir/table.md" || fail "expected hazards not reported as expected"
grep -q '^| racy | atomic | racecheck | 0 hazards (0 errors, 0 warnings) | clean |$' "$dir/table.md" ||
  fail "no clean atomic row"
grep -q '^| racy | two-gpu | memcheck | not run: it has one GPU | skipped |$' "$dir/table.md" ||
  fail "a variant this machine cannot run is not a skipped row"
grep -q 'shared-memory hazards only' "$dir/table.md" || fail "no note on what racecheck sees"

LEAK=1 "$script" "$dir/build" --tools memcheck >"$dir/leak.md" 2>/dev/null
rc=$?
cat "$dir/leak.md"
[ "$rc" -eq 1 ] || fail "an unexpected memcheck error exits $rc, expected 1"
grep -q '^| plain | (default) | memcheck | 1 error | FAIL |$' "$dir/leak.md" || fail "the error is not a FAIL row"

SLOW=5 "$script" "$dir/build" --budget 2 --jobs 1 --tools "memcheck racecheck" >"$dir/budget.md" 2>/dev/null
rc=$?
cat "$dir/budget.md"
[ "$rc" -eq 1 ] || fail "a spent budget exits $rc, expected 1"
grep -Eq '^\| plain \| \(default\) \| memcheck \| (cut short after [12] s|not run: the 2 s budget was spent) \| FAIL \|$' \
  "$dir/budget.md" || fail "the first run neither cut short nor marked"
[ "$(grep -c 'not run: the 2 s budget was spent' "$dir/budget.md")" -ge 5 ] || fail "runs past the budget not marked"

"$script" "$dir/build" --tools bogus >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown tool is not a usage error"
"$script" "$dir/build" --jobs 0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--jobs 0 is not a usage error"
echo "PASS"
