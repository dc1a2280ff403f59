#!/usr/bin/env bash
# A model program (MODEL OUTPUT_DIR, no GPU) with bad arguments: each must end with exit code 2 and
# a message on stderr before the model runs, and leave no trace file behind.
#   bad-arguments-model.sh MODEL_EXE
set -u
model=$1
dir=$(mktemp -d)
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
touch "$dir/a-file"
mkdir "$dir/read-only" && chmod 555 "$dir/read-only"
failed=0

# expect WHAT ARG...: exit 2 and something on stderr.
expect() {
  local what=$1
  shift
  local err rc
  err=$("$model" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" -ne 2 ] || [ -z "$err" ]; then
    echo "FAIL $(basename "$model") ($what): exit $rc, expected 2 and a message; stderr: $err"
    failed=1
  else
    echo "ok   $what: ${err%%$'\n'*}"
  fi
}

expect "no OUTPUT_DIR"
expect "two arguments" "$dir/one" "$dir/two"
expect "an option" --bogus
expect "an empty path" ""
expect "a folder under a file" "$dir/a-file/traces"
[ "$(id -u)" -eq 0 ] || expect "a read-only folder" "$dir/read-only"
[ "$(id -u)" -eq 0 ] || expect "a new folder in a read-only one" "$dir/read-only/traces"

if [ -n "$(find "$dir" -name '*.json*')" ]; then
  echo "FAIL a file was written: $(find "$dir" -name '*.json*')"
  failed=1
fi
[ "$failed" -eq 0 ] && echo "PASS every bad argument refused with exit code 2"
exit "$failed"
