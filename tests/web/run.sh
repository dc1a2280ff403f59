#!/usr/bin/env bash
# The browser stage: builds the web page (viewer/web/build.sh, which installs emscripten and the
# sources it needs), installs Debian's chromium, chromium-driver and python3-selenium where they
# are missing, and runs tests/web/browser_test.py against the desktop build's viewer
# (build/bin/gridlock-viewer, which ./test.sh builds). Pictures go to build-web/browser-test/.
#   tests/web/run.sh [--traces N]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/cmake/install_missing.sh"
gridlock_install_missing chromium chromium-driver python3-selenium xvfb xauth
[ -x "$root/build/bin/gridlock-viewer" ] || { echo "tests/web/run.sh: build the desktop viewer first (./test.sh)" >&2; exit 2; }
start=$(date +%s)
"$root/viewer/web/build.sh" "$root/build-web"
echo "gridlock web tests: the page built in $(($(date +%s) - start)) s"
# The desktop viewer's screenshots need a display; Debian's python, where selenium is.
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1920x1080x24")
"${run[@]}" /usr/bin/python3 "$root/tests/web/browser_test.py" "$root/build-web/site" \
  "$root/build/bin/gridlock-viewer" "$root/build/bin/viewer_png_check" "$root/build-web/browser-test" "$@"
