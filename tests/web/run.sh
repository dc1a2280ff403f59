#!/usr/bin/env bash
# The browser stage: builds the web page (viewer/web/build.sh, which installs emscripten and the
# sources it needs), installs Debian's chromium, chromium-driver and python3-selenium where they
# are missing, runs the trace reader in WebAssembly over the fuzz corpus (tests/web/reader_test.py)
# and tests/web/browser_test.py against the desktop build's viewer (build/bin/gridlock-viewer,
# which ./test.sh builds). Pictures go to build-web/browser-test/.
#   tests/web/run.sh [--traces N | --first-cards]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/cmake/install_missing.sh"
gridlock_install_missing chromium chromium-driver python3-selenium xvfb xauth
[ -x "$root/build/bin/gridlock-viewer" ] || { echo "tests/web/run.sh: build the desktop viewer first (./test.sh)" >&2; exit 2; }
start=$(date +%s)
"$root/viewer/web/build.sh" "$root/build-web"
echo "gridlock web tests: the page built in $(($(date +%s) - start)) s"
NODE_PATH=${NODE_PATH:-/usr/share/nodejs} cmake --build "$root/build-web" --target trace_reader_wasm
node=$(command -v node || command -v nodejs)
reader=0
/usr/bin/python3 "$root/tests/web/reader_test.py" "$node" "$root/build-web/bin/trace_reader_wasm.js" "$root" || reader=1
# The desktop viewer's screenshots need a display; Debian's python, where selenium is.
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s "-screen 0 1920x1080x24")
"${run[@]}" /usr/bin/python3 "$root/tests/web/browser_test.py" "$root/build-web/site" \
  "$root/build/bin/gridlock-viewer" "$root/build/bin/viewer_png_check" "$root/build-web/browser-test" "$@" || exit 1
exit $reader
