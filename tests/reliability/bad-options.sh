#!/usr/bin/env bash
# One lesson with bad options: each set must end with exit code 2 and a message on stderr that
# names the option, before any GPU work (so also on a machine without a GPU, where a run that got
# past the options would exit 77), and must leave no trace file behind.
#   bad-options.sh LESSON_EXE
set -u
lesson=$1
dir=$(mktemp -d)
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
touch "$dir/a-file"
mkdir "$dir/read-only" && chmod 555 "$dir/read-only"
failed=0

# expect OPTION ARG...: exit 2, OPTION named on stderr.
expect() {
  local option=$1
  shift
  local err rc
  err=$("$lesson" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" -ne 2 ] || ! grep -q -- "$option" <<<"$err"; then
    echo "FAIL $(basename "$lesson") $*: exit $rc, expected 2 and a message naming $option; stderr: $err"
    failed=1
  else
    echo "ok   $*: ${err%%$'\n'*}"
  fi
}

# One above the lesson's own largest --n (its --describe-options says which).
above_n=$(("$(sed -n 's/.*"name": "n".*"max": \([0-9]*\).*/\1/p' < <("$lesson" --describe-options))" + 1))
for value in 0 -1 abc 1.5 1e3 "$above_n" 99999999999999999999 ""; do expect --n --n "$value"; done
for value in 0 -32 2048 100 96 x 1024.0; do expect --block --block "$value"; done
for value in 0 -1 1048577 two; do expect --grid --grid "$value"; done
for value in 0 -3 100001 many; do expect --runs --runs "$value"; done
for value in -1 9007199254740993 seed; do expect --seed --seed "$value"; done
expect --trace --trace "$dir/no-such-folder/trace.json"
expect --trace --trace "$dir/a-file/trace.json"
expect --trace --trace "$dir"
expect --trace --trace ""
expect --trace --trace
expect --bogus --bogus
# A folder without write permission stops everyone but root (who may write anywhere).
[ "$(id -u)" -eq 0 ] || expect --trace --trace "$dir/read-only/trace.json"
# A lesson with variants refuses one it does not have.
if "$lesson" --list-variants >/dev/null 2>&1; then expect --variant --variant no-such-variant; fi

if [ -n "$(find "$dir" -name '*.json*')" ]; then
  echo "FAIL a file was written: $(find "$dir" -name '*.json*')"
  failed=1
fi
[ "$failed" -eq 0 ] && echo "PASS every bad option refused with exit code 2"
exit "$failed"
