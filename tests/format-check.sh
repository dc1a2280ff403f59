#!/usr/bin/env bash
# Checks that the C++ and CUDA sources are formatted as .clang-format says and lists the files
# that are not. Exit 0 all formatted, 1 some are not, 77 no clang-format (reported as skipped).
#   tests/format-check.sh [SOURCE_DIR]      CLANG_FORMAT=... picks the program (default clang-format)
# The files: git's tracked *.cpp *.hpp *.cu *.cuh in a git checkout; otherwise those under
# lessons/ viewer/ tests/, build folders left out.
set -uo pipefail
cd "${1:-$(dirname "$0")/..}" || exit 2
clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "format-check: $clang_format not found (cmake/setup.sh installs clang-format)"
  exit 77
fi

if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh')
else
  mapfile -t files < <(find lessons viewer tests -type d \( -name 'build*' -o -name '.*' \) -prune -o \
                         -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' -o -name '*.cuh' \) -print |
                       sort)
fi

differ=()
for file in "${files[@]}"; do
  [ -f "$file" ] || continue
  "$clang_format" --dry-run -Werror "$file" >/dev/null 2>&1 || differ+=("$file")
done
if [ ${#differ[@]} -eq 0 ]; then
  echo "format-check: ${#files[@]} files formatted as .clang-format says ($("$clang_format" --version))"
  exit 0
fi
echo "format-check: ${#differ[@]} of ${#files[@]} files differ from .clang-format; 'clang-format -i FILE' fixes one:"
printf '  %s\n' "${differ[@]}"
exit 1
