#!/bin/sh
# Runs a command with a display: as it is when DISPLAY is set, else under xvfb-run.
#   run_headless.sh COMMAND [ARG...]
if [ -n "$DISPLAY" ]; then
  exec "$@"
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "run_headless.sh: no DISPLAY and no xvfb-run (install xvfb)" >&2
  exit 1
fi
exec xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
