#!/usr/bin/env bash
# The window keys, pressed through the window system (xdotool) and read back from the window's
# title: Ctrl+PageUp / Ctrl+PageDown move between the open traces, C opens the comparison the
# lesson declares with the shown trace and C again goes back, G shows the gallery, Ctrl+Q quits.
# Every wait is bounded.
# Usage: keys_walk.sh VIEWER TRACE_A TRACE_B OUT_DIR
set -euo pipefail
viewer=$1 a=$2 b=$3 out=$4
walk=keys_walk
source "$(dirname "$0")/window_walk.sh"
require_window_tools
rm -rf "$out"
mkdir -p "$out/config"
xdotool mousemove 1919 1079
log=$out/viewer.log
XDG_CONFIG_HOME=$out/config "$viewer" --size 1280x720 "$a" "$b" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
wait_for "window" find_window
title=""
title_holds() {
  title=$(xdotool getwindowname "$window" 2>/dev/null || true)
  case "$title" in *"$1"*) return 0 ;; esac
  return 1
}
# expect_title TEXT KEY: waits until the window's title holds TEXT after KEY.
expect_title() {
  wait_for "title holding \"$1\" after $2" title_holds "$1"
  echo "keys_walk: $2 -> $title"
}
name_a=$(basename "$a") name_b=$(basename "$b")
expect_title "$name_b" "start"
xdotool key --clearmodifiers ctrl+Prior
expect_title "$name_a" "Ctrl+PageUp"
xdotool key --clearmodifiers ctrl+Next
expect_title "$name_b" "Ctrl+PageDown"
xdotool key --clearmodifiers c
expect_title "compare" "C"
xdotool key --clearmodifiers c
expect_title "$name_b" "C again"
xdotool key --clearmodifiers g
title_is_gallery() { title=$(xdotool getwindowname "$window" 2>/dev/null || true) && [ "$title" = gridlock ]; }
wait_for "the gallery's title after G" title_is_gallery
echo "keys_walk: G -> gallery"
quit_with_ctrl_q
echo "keys_walk: every key moved the window where its line in the Help menu says"
