#!/bin/sh
# Runs a command that must fail: with exit code CODE and a message on stderr matching PATTERN
# (grep -E), without crashing.
#   expect_failure.sh CODE PATTERN COMMAND [ARG...]
code=$1
pattern=$2
shift 2
err=$(mktemp)
"$@" >/dev/null 2>"$err"
rc=$?
cat "$err" >&2
if [ "$rc" -ne "$code" ]; then
  echo "expect_failure.sh: exit code $rc, expected $code" >&2
  rm -f "$err"
  exit 1
fi
if ! grep -Eq -- "$pattern" "$err"; then
  echo "expect_failure.sh: stderr does not match: $pattern" >&2
  rm -f "$err"
  exit 1
fi
rm -f "$err"
exit 0
