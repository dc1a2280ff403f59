#!/usr/bin/env bash
# Installs what is missing, builds, and opens the viewer on the recorded traces.
# Extra arguments go to the viewer (trace files to open, --help).
#   ./view.sh --web [PORT]  builds the viewer as a web page (build-web/site/, a folder any static
#                           web server serves as it is) and serves it on http://127.0.0.1:PORT/
#                           (default 8000) until Ctrl+C.
if [ "${1:-}" = "--web" ]; then
  set -euo pipefail
  here=$(cd "$(dirname "$0")" && pwd)
  port=${2:-8000}
  "$here/viewer/web/build.sh" "$here/build-web"
  echo "gridlock: serving $here/build-web/site on http://127.0.0.1:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$here/build-web/site"
fi
source "$(dirname "$0")/cmake/setup.sh"
exec build/bin/gridlock-viewer "$@"
