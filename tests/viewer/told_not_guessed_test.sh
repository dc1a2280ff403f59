#!/bin/sh
# The viewer is told what a trace means, never left to guess it from a lesson's words: no viewer
# code reads a lesson's --help text, looks for the name a lesson gives its recorder (`rec`), or
# tells an event's kind from its name. A trace's recording lines come from the trace
# (sources[].recording); an event's kind from its category; a lesson's options from
# --describe-options.
# usage: told_not_guessed_test.sh REPO
set -u
repo=${1:?usage: told_not_guessed_test.sh REPO}
cd "$repo" || exit 1
found=0
report() {  # PATTERN WHY: every line of viewer code that matches
  hits=$(grep -rnE --include='*.cpp' --include='*.hpp' -e "$1" viewer)
  if [ -n "$hits" ]; then
    printf '%s\n%s\n' "$2:" "$hits"
    found=1
  fi
}
report '\brec\b' "the recorder's name (recording lines come from sources[].recording)"
report '"--help"' "a lesson's --help text (options come from --describe-options)"
report '(event|ev|e)\.name(\.find|\.rfind| ==|\.compare)' "an event's name read for its kind (use its category)"
report 'name\.find\("(ticket|lock|merge|hand)' "an event's kind read from its name (use its category)"
[ "$found" -eq 0 ] && echo "viewer code reads no lesson's words for their meaning"
exit "$found"
