#!/usr/bin/env bash
# The layers of lessons/common (lessons/common/README.md) go one way: each library's files include
# only what the README's table allows, host-only code names no CUDA header, and nothing in common
# includes a chapter's code.
#   include_rules_test.sh SOURCE_DIR
set -u
common=$1/lessons/common
problems=0
# check FILES... -- ALLOWED_PREFIX...: every quoted include of FILES starts with an allowed prefix.
check() {
  local files=() allowed=()
  while [ "$1" != "--" ]; do files+=("$1"); shift; done
  shift
  allowed=("$@")
  for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    while IFS= read -r inc; do
      local ok=0
      for a in "${allowed[@]}"; do [[ "$inc" == "$a"* ]] && ok=1; done
      if [ $ok = 0 ]; then
        echo "FAIL: ${f#$1/} includes \"$inc\", outside what its layer may include: ${allowed[*]}"
        problems=$((problems + 1))
      fi
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
  done
}
shopt -s nullglob
check "$common"/trace/*.{cpp,hpp} -- trace/
check "$common"/sources/*.{cpp,hpp} -- trace/ common/sources/
check "$common"/docs/*.{cpp,hpp} -- trace/ docs/ explore/
check "$common"/simt/*.{cpp,hpp} -- trace/ simt/
check "$common"/explore/*.{cpp,hpp} -- explore/
check "$common"/record/*.{cpp,hpp,cuh,cu} -- trace/ common/record/ common/cuda_check.hpp common/device_buffer.hpp
host=("$common"/cli.{cpp,hpp} "$common"/largest_n.hpp "$common"/trace_path.{cpp,hpp} "$common"/watchdog_limit.{cpp,hpp} "$common"/noise.hpp "$common"/units.hpp
      "$common"/exit_codes.hpp "$common"/fresh_runs.hpp)
check "${host[@]}" -- trace/ cli.hpp largest_n.hpp exit_codes.hpp trace_path.hpp watchdog_limit.hpp units.hpp
for f in "${host[@]}" "$common"/trace/*.{cpp,hpp}; do
  if grep -nE '^#include <(cuda|cub|thrust|imgui|GL|GLFW)' "$f"; then
    echo "FAIL: ${f#$1/} is host-only code but includes a CUDA or GL header"
    problems=$((problems + 1))
  fi
done
if grep -rnE '^#include "(reduction|interblock|locks|streams)/' "$common"; then
  echo "FAIL: lessons/common includes a chapter's code"
  problems=$((problems + 1))
fi
files=$(ls "$common"/trace "$common"/record | wc -l)
[ "$files" -gt 20 ] || { echo "FAIL: read only $files files"; exit 1; }
[ $problems = 0 ] && echo "include rules: ok"
exit $((problems > 0))
