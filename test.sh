#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite. Viewer tests need a display:
# without one the suite runs under xvfb-run. Lesson runs (label gpu) report "skipped" where no
# GPU is usable.
source "$(dirname "$0")/cmake/setup.sh"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" ctest --test-dir build --output-on-failure "$@"
fi
exec ctest --test-dir build --output-on-failure "$@"
