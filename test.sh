#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite. Viewer tests need a display:
# without one the suite runs under xvfb-run. Lesson runs (label gpu) report "skipped" where no
# GPU is usable. GRIDLOCK_ASAN=1 ./test.sh builds the host code with AddressSanitizer and UBSan
# (build-asan/) and runs the same suite under them; GRIDLOCK_ASAN=host, the host libraries and
# their tests alone (build-asan-host/: the trace reader and checks, the README tool, the models).
# Where emscripten and chromium are installed (and GRIDLOCK_WEB_TESTS is not 0), the plain run then
# tests the viewer as a web page too (tests/web/run.sh). Arguments go to ctest. Tests run as many at
# a time as there are cores (CTEST_PARALLEL_LEVEL chooses another number); the lessons' GPU runs
# take turns on the GPU (their RESOURCE_LOCK gpu), one lesson on it at a time.
source "$(dirname "$0")/cmake/setup.sh"
jobs=(--parallel "${CTEST_PARALLEL_LEVEL:-$(nproc)}")
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1920x1080x24" ctest --preset "$gridlock_preset" "${jobs[@]}" "$@"
else
  ctest --preset "$gridlock_preset" "${jobs[@]}" "$@"
fi
if [ "${GRIDLOCK_ASAN:-0}" = 0 ] && [ "${GRIDLOCK_WEB_TESTS:-1}" != 0 ] && command -v emcc >/dev/null &&
  command -v chromium >/dev/null; then
  tests/web/run.sh
fi
