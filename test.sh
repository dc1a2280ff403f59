#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite. Viewer tests need a display:
# without one the suite runs under xvfb-run. Lesson runs (label gpu) report "skipped" where no
# GPU is usable. GRIDLOCK_ASAN=1 ./test.sh builds the host code with AddressSanitizer and UBSan
# (build-asan/) and runs the same suite under them. Arguments go to ctest.
source "$(dirname "$0")/cmake/setup.sh"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1080x24" ctest --preset "$gridlock_preset" "$@"
fi
exec ctest --preset "$gridlock_preset" "$@"
