# Shared by view.sh and test.sh (sourced, not run): installs the Debian packages that are
# missing, then configures and builds into build/. CUDA lessons are built where nvcc is found;
# without it the viewer and the tests are built, and the lessons' GPU tests are left out. With
# GRIDLOCK_ASAN=1 the host code is built with AddressSanitizer and UBSan instead, into build-asan/:
# the asan-viewer-only preset, since CUDA files are not instrumented (GRIDLOCK_ASAN_LESSONS=1 adds
# the lessons: the asan preset); GRIDLOCK_ASAN=host builds only the host libraries and their tests
# that way (the asan-host preset: no OpenGL, into build-asan-host/). Sets gridlock_preset to the
# preset it built.
set -euo pipefail

gridlock_packages=(cmake ninja-build g++ pkg-config python3-glad clang-format
  nlohmann-json3-dev libcli11-dev libgtest-dev libimgui-dev libglfw3-dev libstb-dev libmd4c-dev libgif-dev
  xvfb xauth xdotool libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core)

source "$(dirname "${BASH_SOURCE[0]}")/install_missing.sh"

gridlock_build() {
  local lessons=1
  if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    command -v nvcc >/dev/null 2>&1 || export PATH="/usr/local/cuda/bin:$PATH"
  else
    lessons=0
    echo "gridlock: nvcc not found; building the viewer and tests without the CUDA lessons"
  fi
  if [ "${GRIDLOCK_ASAN:-0}" = host ]; then
    gridlock_preset=asan-host
  elif [ "${GRIDLOCK_ASAN:-0}" = 1 ]; then
    gridlock_preset=asan-viewer-only
    [ "$lessons" = 1 ] && [ "${GRIDLOCK_ASAN_LESSONS:-0}" = 1 ] && gridlock_preset=asan
  else
    gridlock_preset=default
    [ "$lessons" = 1 ] || gridlock_preset=viewer-only
  fi
  cmake --preset "$gridlock_preset" >/dev/null
  cmake --build --preset "$gridlock_preset" --parallel
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
gridlock_install_missing "${gridlock_packages[@]}"
gridlock_build
