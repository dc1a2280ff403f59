#!/usr/bin/env bash
# A duration or a ratio in a lesson's words goes through common/units.hpp: no lesson file writes
# "µs" after an integer division (which truncates: 1999 ns would read "1 µs"), formats "µs" with
# its own printf, or writes a ratio with a letter x ("1.02x") instead of times_as_fast's "1.02×".
#   units_rule_test.sh SOURCE_DIR
set -u
cd "$1" || exit 2
problems=$(grep -rnE --include='*.cu' --include='*.cuh' --include='*.hpp' --include='*.cpp' \
  -e '/ 1000\) \+ " \\xC2\\xB5s' -e 'printf\(.*"[^"]*%[0-9.*]*f \\xC2\\xB5s' \
  -e '"[^"]*%[0-9.*]*fx[ ")-]' -e '\) \+ "x' lessons |
  grep -v '^lessons/common/units.hpp:')
if [ -n "$problems" ]; then
  echo "FAIL: durations or ratios written outside common/units.hpp:"
  echo "$problems"
  exit 1
fi
echo "units_rule: every duration and ratio in the lessons' words goes through common/units.hpp"
