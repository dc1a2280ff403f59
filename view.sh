#!/usr/bin/env bash
# Installs what is missing, builds, and opens the viewer on the recorded traces.
# Extra arguments go to the viewer (trace files to open, --help).
source "$(dirname "$0")/cmake/setup.sh"
exec build/bin/gridlock-viewer "$@"
