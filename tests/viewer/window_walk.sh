# Shared by the window walks (keys_walk.sh, lecture_walk.sh), which source it: the tools they need,
# the viewer's window found and focused, bounded waits, and Ctrl+Q that must end the viewer.
# The walk sets `walk` (its name, for messages), `pid` (the viewer's) and `log` before calling.

# require_window_tools: xdotool and a display, or a message naming what is missing.
require_window_tools() {
  command -v xdotool >/dev/null || { echo "$walk: xdotool is not installed"; exit 1; }
  [ -n "${DISPLAY:-}" ] || { echo "$walk: no display (run under xvfb-run)"; exit 1; }
}

# wait_for WHAT TEST...: runs TEST every 0.2 s for at most 60 s; the viewer must stay up meanwhile.
wait_for() {
  local what=$1
  shift
  for _ in $(seq 300); do
    if "$@"; then return 0; fi
    kill -0 "$pid" 2>/dev/null || { echo "$walk: the viewer exited while waiting for $what"; cat "$log"; exit 1; }
    sleep 0.2
  done
  echo "$walk: no $what after 60 s"
  cat "$log"
  exit 1
}

# find_window: sets `window` once the viewer's window is mapped (focus on an unmapped window is an
# X error), then focuses it.
window=""
find_window() {
  window=$(xdotool search --onlyvisible --pid "$pid" --name gridlock 2>/dev/null | head -1) &&
    [ -n "$window" ] && xdotool windowfocus --sync "$window" 2>/dev/null
}

# quit_with_ctrl_q: presses Ctrl+Q and waits at most 10 s for the viewer to end.
quit_with_ctrl_q() {
  xdotool key --clearmodifiers ctrl+q
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then
    echo "$walk: Ctrl+Q did not quit the viewer"
    exit 1
  fi
  trap - EXIT
}
