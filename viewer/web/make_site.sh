#!/usr/bin/env bash
# The web page's files (cmake/WebSite.cmake runs it):
#   make_site.sh packed SOURCE BUILD OUT  the files packed with the program, read at start: the
#                                         lesson index, every README, the gallery's manifest,
#                                         the shaders, the fonts, the lectures
#   make_site.sh site SOURCE BUILD OUT    the site folder: index.html, the program and its packed
#                                         files, and every trace and thumbnail, fetched when needed
set -euo pipefail
what=$1 source=$2 build=$3 out=$4
fonts=/usr/share/fonts/truetype/dejavu
mkdir -p "$out"
case $what in
  packed)
    rm -rf "$out" && mkdir -p "$out/lessons/gallery" "$out/shaders" "$out/lectures" "$out$fonts"
    cp "$build/install/lesson-index.txt" "$out/lesson-index.txt"
    (cd "$source" && find lessons -name README.md -print0 | xargs -0 -I{} cp --parents {} "$out")
    cp "$source/lessons/gallery/manifest.json" "$out/lessons/gallery/"
    cp "$source"/shaders/*.vert "$source"/shaders/*.frag "$out/shaders/"
    cp "$source"/lectures/*.lecture "$out/lectures/" 2>/dev/null || true
    for f in DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf; do
      [ -f "$fonts/$f" ] || { echo "make_site.sh: $fonts/$f is missing (Debian: fonts-dejavu-core)" >&2; exit 1; }
      cp "$fonts/$f" "$out$fonts/"
    done
    ;;
  site)
    cp "$source/viewer/web/index.html" "$out/"
    cp "$build"/bin/gridlock-viewer.{js,wasm,data} "$out/"
    # What the page packs, also as files: the site opens in the desktop viewer too
    # (gridlock-viewer --lessons SITE/lesson-index.txt).
    (cd "$build/packed" && cp --parents lesson-index.txt lessons/gallery/manifest.json "$out/" &&
      find lessons -name README.md -print0 | xargs -0 -I{} cp --parents {} "$out")
    (cd "$source" && find lessons -path '*/recorded/*.json' -print0 | xargs -0 -I{} cp --parents {} "$out")
    (cd "$source" && find lessons/gallery -name '*.png' -print0 | xargs -0 -I{} cp --parents {} "$out")
    echo "make_site.sh: $out ($(du -sh "$out" | cut -f1); without traces and thumbnails:" \
      "$(du -ch "$out"/index.html "$out"/gridlock-viewer.* | tail -1 | cut -f1))"
    ;;
  *)
    echo "usage: make_site.sh packed|site SOURCE BUILD OUT" >&2
    exit 2
    ;;
esac
