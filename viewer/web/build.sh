#!/usr/bin/env bash
# Builds the viewer as a web page into build-web/site/, a folder any static web server serves
# as it is (./view.sh --web builds and serves it). Installs what is missing from Debian:
# emscripten, and the sources of Dear ImGui 1.86, md4c and giflib (the desktop build's versions), fetched
# with `apt-get source` through a deb-src entry of the same mirror in a private apt configuration
# (build-web/apt/), so the machine's own apt settings stay as they are.
#   viewer/web/build.sh [BUILD_DIR]   (default build-web)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath -m "${1:-$root/build-web}")
deps=$build/deps
packages=(emscripten fonts-dejavu-core dpkg-dev ninja-build cmake python3 libcli11-dev nlohmann-json3-dev libstb-dev)

source "$root/cmake/install_missing.sh"
gridlock_install_missing "${packages[@]}"

# The sources: Debian's own packages, the versions the desktop build links.
mkdir -p "$deps"
if [ ! -f "$deps/imgui/imgui.cpp" ] || [ ! -f "$deps/md4c/src/md4c.c" ] || [ ! -f "$deps/giflib/egif_lib.c" ]; then
  apt_dir=$build/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/sources"
  mirror=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -oE 'https?://[^ ]+/debian/?$' | head -1 || true)
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  echo "deb-src ${mirror:-http://deb.debian.org/debian} $codename main" >"$apt_dir/sources.list"
  apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/sources"
    -o "Dir::State::Lists=$apt_dir/lists" -o "APT::Get::List-Cleanup=0")
  apt-get "${apt_options[@]}" update -qq
  for package in imgui md4c giflib; do
    rm -rf "$apt_dir/$package" && mkdir -p "$apt_dir/$package"
    # The package as Debian builds it (its patches applied); where a mirror lacks the Debian
    # part but has the upstream tarball, the upstream sources.
    if ! (cd "$apt_dir/$package" && apt-get "${apt_options[@]}" source -qq "$package" >/dev/null 2>&1); then
      orig=$(find "$apt_dir/$package" -name "*.orig.tar.*" | head -1)
      [ -n "$orig" ] || { echo "gridlock web: apt-get source $package failed" >&2; exit 1; }
      echo "gridlock web: $package: the mirror lacks Debian's part; using $(basename "$orig")"
      tar -xf "$orig" -C "$apt_dir/$package"
    fi
    source_dir=$(find "$apt_dir/$package" -mindepth 1 -maxdepth 1 -type d | head -1)
    rm -rf "${deps:?}/$package" && cp -r "$source_dir" "$deps/$package"
  done
fi
[ -f "$deps/imgui/backends/imgui_impl_opengl3.cpp" ] ||
  { echo "gridlock web: $deps/imgui lacks the OpenGL 3 backend" >&2; exit 1; }
# The header-only packages, from this machine's Debian packages, in a folder of their own (the
# compiler for the browser must not see the rest of /usr/include).
mkdir -p "$deps/include"
for header in nlohmann CLI stb; do
  [ -e "$deps/include/$header" ] || ln -s "/usr/include/$header" "$deps/include/$header"
done

# Debian's emscripten runs its optimiser under Debian's Node.js modules; another node on the
# PATH finds them only through NODE_PATH.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
emcmake cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGRIDLOCK_LESSONS=OFF \
  -DGRIDLOCK_TESTS=OFF -DGRIDLOCK_WEB_DEPS="$deps" >/dev/null
cmake --build "$build" --parallel
echo "gridlock web: the site is $build/site"
