#!/usr/bin/env bash
# A duration in a lesson's words goes through common/units.hpp, which rounds: no lesson file writes
# "µs" after an integer division (which truncates: 1999 ns would read "1 µs") or formats "µs" with
# its own printf.
#   units_rule_test.sh SOURCE_DIR
set -u
cd "$1" || exit 2
problems=$(grep -rnE --include='*.cu' --include='*.cuh' --include='*.hpp' --include='*.cpp' \
  -e '/ 1000\) \+ " \\xC2\\xB5s' -e 'printf\(.*"[^"]*%[0-9.*]*f \\xC2\\xB5s' lessons |
  grep -v '^lessons/common/units.hpp:')
if [ -n "$problems" ]; then
  echo "FAIL: durations written outside common/units.hpp's rounding rule:"
  echo "$problems"
  exit 1
fi
echo "units_rule: every duration in the lessons' words goes through common/units.hpp"
