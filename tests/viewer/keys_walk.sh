#!/usr/bin/env bash
# The window keys, pressed through the window system (xdotool) and read back from the window's
# title: Ctrl+PageUp / Ctrl+PageDown move between the open traces, C opens the comparison the
# lesson declares with the shown trace and C again goes back, G shows the gallery, Ctrl+Q quits.
# Every wait is bounded.
# Usage: keys_walk.sh VIEWER TRACE_A TRACE_B OUT_DIR
set -euo pipefail
viewer=$1 a=$2 b=$3 out=$4
command -v xdotool >/dev/null || { echo "keys_walk: xdotool is not installed"; exit 1; }
[ -n "${DISPLAY:-}" ] || { echo "keys_walk: no display (run under xvfb-run)"; exit 1; }
rm -rf "$out"
mkdir -p "$out/config"
xdotool mousemove 1919 1079
XDG_CONFIG_HOME=$out/config "$viewer" --size 1280x720 "$a" "$b" >"$out/viewer.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
window=""
title=""
# expect_title TEXT: waits (at most 30 s) until the window's title holds TEXT.
expect_title() {
  for _ in $(seq 150); do
    kill -0 $pid 2>/dev/null || { echo "keys_walk: the viewer exited"; cat "$out/viewer.log"; exit 1; }
    if [ -z "$window" ]; then  # once mapped (focus on an unmapped window is an X error), focused
      window=$(xdotool search --onlyvisible --pid $pid --name gridlock 2>/dev/null | head -1 || true)
      [ -n "$window" ] && { xdotool windowfocus --sync "$window" 2>/dev/null || window=""; }
    fi
    if [ -n "$window" ]; then
      title=$(xdotool getwindowname "$window" 2>/dev/null || true)
      case "$title" in *"$1"*) echo "keys_walk: $2 -> $title"; return 0 ;; esac
    fi
    sleep 0.2
  done
  echo "keys_walk: after $2 the title is \"$title\", not one holding \"$1\""
  exit 1
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
for _ in $(seq 150); do
  title=$(xdotool getwindowname "$window")
  [ "$title" = "gridlock" ] && break
  sleep 0.2
done
[ "$title" = "gridlock" ] || { echo "keys_walk: after G the title is \"$title\", not the gallery's"; exit 1; }
echo "keys_walk: G -> gallery"
xdotool key --clearmodifiers ctrl+q
for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
if kill -0 $pid 2>/dev/null; then
  echo "keys_walk: Ctrl+Q did not quit the viewer"
  exit 1
fi
trap - EXIT
echo "keys_walk: every key moved the window where its line in the Help menu says"
