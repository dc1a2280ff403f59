#!/usr/bin/env bash
# The shipped lecture walked as a lecturer walks it: the viewer opens on the lecture in a window
# and only PageDown reaches it, through the window system (xdotool's XTEST key presses), until the
# last stop; then PageDown once more (the lecture ends there), PageUp (back one stop) and Ctrl+Q.
# Each stop's window is written as stop-NN.png (--lecture-shots) and must differ from the one
# before; the viewer's log must name the stops 1..N in order. Every wait is bounded.
# Usage: lecture_walk.sh VIEWER LECTURE OUT_DIR [SIZE] [SCALE]
set -euo pipefail
viewer=$1 lecture=$2 out=$3 size=${4:-1280x720} scale=${5:-1}
walk=lecture_walk
source "$(dirname "$0")/window_walk.sh"
require_window_tools
rm -rf "$out"
mkdir -p "$out/config"
stops=$("$viewer" --lecture "$lecture" --check-lecture | grep -c '^stop ')
log=$out/viewer.log
# The pointer waits outside the window, as a lecturer's does: no hover changes a shot.
xdotool mousemove 1919 1079
XDG_CONFIG_HOME=$out/config "$viewer" --lecture "$lecture" --lecture-shots "$out" --size "$size" \
  --scale "$scale" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT

wait_for "window" find_window
in_log() { grep -qF -- "$1" "$log"; }
shot() { printf '%s/stop-%02d.png' "$out" "$1"; }
for k in $(seq 1 "$stops"); do
  wait_for "shot of stop $k" test -s "$(shot "$k")"
  wait_for "log of stop $k" in_log "lecture stop $k of $stops:"
  if [ "$k" -gt 1 ] && cmp -s "$(shot "$k")" "$(shot $((k - 1)))"; then
    echo "lecture_walk: stop $k looks exactly like stop $((k - 1))"
    exit 1
  fi
  xdotool key --clearmodifiers Next
done
wait_for "the lecture's end" in_log "the lecture ends at stop $stops"
xdotool key --clearmodifiers Prior
back_again() { [ "$(grep -c "lecture stop $((stops - 1)) of $stops:" "$log")" -ge 2 ]; }
wait_for "the stop before the last, again" back_again
quit_with_ctrl_q
order=$(grep -o 'lecture stop [0-9]* of' "$log" | awk '{print $3}' | head -n "$stops" | tr '\n' ' ')
expected=$(seq 1 "$stops" | tr '\n' ' ')
if [ "$order" != "$expected" ]; then
  echo "lecture_walk: the stops came in the order $order, not $expected"
  exit 1
fi
echo "lecture_walk: $stops stops reached by PageDown alone, shots in $out"
