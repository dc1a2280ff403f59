#!/usr/bin/env bash
# Creates a lesson folder from lessons/templates/lesson/ and adds it to the lesson order:
#   lessons/new-lesson.sh FAMILY ID TECHNIQUE "TITLE"
#   e.g. lessons/new-lesson.sh locks critical-section L2 "Critical section with a global lock"
# The new lesson builds, runs and records at once; its README and claims say "(to be written)",
# and the README check fails until they are written. It is added at the end of the lesson order
# in lessons/CMakeLists.txt: move the line to where the lesson belongs in the teaching order.
set -euo pipefail
lessons=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $0 FAMILY ID TECHNIQUE \"TITLE\"   ($1)" >&2; exit 2; }
[ $# -eq 4 ] || usage "four arguments expected"
family=$1 id=$2 technique=$3 title=$4
[[ $family =~ ^[a-z][a-z0-9-]*$ && $family != common && $family != templates ]] || usage "FAMILY must be a lower-case folder name"
[[ $id =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]] || usage "ID must be kebab-case, like critical-section"
[[ $technique =~ ^[A-Z][A-Za-z0-9]*$ ]] || usage "TECHNIQUE must be an entry like L2"
[[ $title != *'"'* && $title != *'|'* && -n $title ]] || usage "TITLE must be non-empty, without \" or |"
folder=$lessons/$family/$id
[ ! -e "$folder" ] || usage "$folder exists already"
if grep -rqs "ID $id\$" "$lessons"/*/*/CMakeLists.txt; then usage "a lesson $id exists already"; fi

namespace=$(echo "$technique" | tr 'A-Z' 'a-z')
mkdir -p "$folder/recorded"
for template in "$lessons"/templates/lesson/*.in; do
  name=$(basename "$template" .in)
  sed -e "s|@ID@|$id|g" -e "s|@TITLE@|$title|g" -e "s|@TECHNIQUE@|$technique|g" -e "s|@NAMESPACE@|$namespace|g" \
    "$template" > "$folder/$name"
done
# Into the lesson order, before the order is checked and the index written.
sed -i "/^gridlock_check_lesson_order/i add_subdirectory($family/$id)" "$lessons/CMakeLists.txt"
echo "created lessons/$family/$id (namespace $namespace) and added it to lessons/CMakeLists.txt"
echo "next: write kernels.cuh, main.cu (claims and checks), record_steps.cuh and README.md; build; record with --trace $family/$id/recorded/$id.json"
