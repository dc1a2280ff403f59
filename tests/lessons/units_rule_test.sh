#!/usr/bin/env bash
# A duration or a ratio in a lesson's words goes through common/units.hpp: no lesson file writes
# "µs" after an integer division (which truncates: 1999 ns would read "1 µs"), formats "µs" with
# its own printf or as "us", or writes a ratio with a letter x ("1.02x") instead of times_as_fast's
# "1.02×".
#   units_rule_test.sh SOURCE_DIR
set -u
cd "$1" || exit 2
sources=(--include='*.cu' --include='*.cuh' --include='*.hpp' --include='*.cpp')
problems=$(grep -rnE "${sources[@]}" \
  -e '/ 1000\) \+ " \\xC2\\xB5s' -e 'printf\(.*"[^"]*%[0-9.*]*f \\xC2\\xB5s' \
  -e '"[^"]*%[0-9.*]*fx[ ")-]' -e '\) \+ "x' -e 'to_string\(int\([^)]*\)\) \+ " \\xC2\\xB5s' lessons |
  grep -v '^lessons/common/units.hpp:')
# "us" for µs in the words a trace keeps (the printed tables of a report may say "us").
problems+=$(grep -rnE "${sources[@]}" -e '"[^"]*%[0-9.*]*f us[ ";,)]' lessons | grep -v 'printf("')
if [ -n "$problems" ]; then
  echo "FAIL: durations or ratios written outside common/units.hpp:"
  echo "$problems"
  exit 1
fi
echo "units_rule: every duration and ratio in the lessons' words goes through common/units.hpp"
