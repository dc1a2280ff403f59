#!/usr/bin/env bash
# A lesson is three source files: its kernel (kernels.cuh), its driver (main.cu) and its recording
# (record_steps.cuh). A lesson keeps another only where lesson_files.txt says why, and the list
# holds only files that are still there, so it can only shrink.
#   lesson_files_test.sh SOURCE_DIR
set -u
root=$1
list=$(dirname "$0")/lesson_files.txt
problems=0
allowed=$(grep -v '^#' "$list" | awk 'NF { print $1 "/" $2 }')
for main in "$root"/lessons/*/*/main.cu; do
  dir=$(dirname "$main")
  id=$(basename "$dir")
  for f in "$dir"/*.cu "$dir"/*.cuh "$dir"/*.hpp "$dir"/*.cpp; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    case $name in kernels.cuh | main.cu | record_steps.cuh) continue ;; esac
    if ! grep -qx "$id/$name" <<<"$allowed"; then
      echo "lessons/*/$id/$name: a fourth source file; fold it into kernels.cuh, main.cu or record_steps.cuh, or say in $(basename "$list") why it stays"
      problems=$((problems + 1))
    fi
  done
done
while read -r entry; do
  id=${entry%%/*} name=${entry#*/}
  if ! ls "$root"/lessons/*/"$id/$name" > /dev/null 2>&1; then
    echo "$(basename "$list") lists $id/$name, which is gone: take the line out"
    problems=$((problems + 1))
  fi
done <<<"$allowed"
[ $problems -eq 0 ] && echo "PASS: every lesson's files beyond its three are listed with a reason" || exit 1
