#!/usr/bin/env bash
# Runs every lesson in the lesson index under compute-sanitizer's four tools, at small sizes, on
# this machine's GPU, and prints a Markdown table: lesson, variant, tool, what the tool found, and
# whether that is clean, a finding the lesson expects, or a failure.
#   lessons/sanitize-all.sh [BUILD_DIR] [--out FILE] [--budget SECONDS] [--jobs N] [--tools "memcheck ..."]
# BUILD_DIR (default build) is a normal build (not the asan preset: ASan's shadow memory and the
# CUDA driver do not mix). Each lesson runs once per variant that --list-variants names, with
# --trace (so the recording kernels are checked too) and the options of its sanitize.tsv (default
# --runs 2). A lesson's folder may hold sanitize.tsv, tab-separated lines:
#   options   <TAB> OPTIONS                  lesson options for these runs (small sizes)
#   expected  <TAB> TOOL <TAB> VARIANT|* <TAB> WHY   what TOOL reports there is the lesson's point
#   sanitizer <TAB> TOOL <TAB> OPTIONS       extra compute-sanitizer options for TOOL (its row says so)
#   exit      <TAB> TOOL <TAB> CODE <TAB> WHY      the lesson's exit code under TOOL, when the tool
#                                             changes what the lesson measures (its row says why)
# A lesson that answers --list-forms (one launch of one form with --form FORM) is raced per form:
# racecheck runs `LESSON --form FORM` for each, so a hazard is pinned on the form that has it.
# Tools go memcheck, synccheck, initcheck, racecheck, each over every lesson before the next, so
# a spent budget (default 540 s in all) costs the slowest checks last; a run cut short says so.
# N runs (default 6) share the GPU at once: most of a sanitizer run is the tool's own start-up.
# A variant the machine cannot run (one that records two GPUs, on one) exits 77 with its reason
# and is listed as skipped.
# The table goes to stdout and, with --out, to FILE; each run's full output stays in the log
# folder the script names. Exit 0 every run clean or expected, 1 an unexpected error or hazard, a
# failed or cut-short run, 2 usage error, 77 no compute-sanitizer.
set -uo pipefail
build=build out="" budget=540 parallel=6 tools="memcheck synccheck initcheck racecheck"
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "sanitize-all.sh: --out needs a FILE" >&2; exit 2; }; out=$2; shift 2 ;;
    --budget) [ $# -ge 2 ] || { echo "sanitize-all.sh: --budget needs SECONDS" >&2; exit 2; }; budget=$2; shift 2 ;;
    --jobs) [ $# -ge 2 ] || { echo "sanitize-all.sh: --jobs needs N" >&2; exit 2; }; parallel=$2; shift 2 ;;
    --tools) [ $# -ge 2 ] || { echo "sanitize-all.sh: --tools needs a list" >&2; exit 2; }; tools=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "sanitize-all.sh: unknown option $1" >&2; exit 2 ;;
    *) build=$1; shift ;;
  esac
done
index=$build/lesson-index.txt
[ -f "$index" ] || { echo "sanitize-all.sh: no $index: configure and build first" >&2; exit 2; }
[[ $budget =~ ^[1-9][0-9]*$ ]] || { echo "sanitize-all.sh: --budget takes whole seconds" >&2; exit 2; }
[[ $parallel =~ ^[1-9][0-9]?$ ]] || { echo "sanitize-all.sh: --jobs takes 1 to 99" >&2; exit 2; }
for tool in $tools; do
  case $tool in memcheck|synccheck|initcheck|racecheck) ;; *) echo "sanitize-all.sh: no tool $tool" >&2; exit 2 ;; esac
done
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
[ -x "$sanitizer" ] || { echo "sanitize-all.sh: compute-sanitizer not found (set COMPUTE_SANITIZER)" >&2; exit 77; }
logs=$(mktemp -d "${TMPDIR:-/tmp}/gridlock-sanitize.XXXXXX")
deadline=$((SECONDS + budget))
per_run_cap=180

# Runs of "id<TAB>variant" ("-" for a lesson without variants), in lesson order; each lesson's
# options and expected findings from its sanitize.tsv.
runs=()
declare -A options expected sanitizer_options expected_exit has_forms
while IFS=$'\t' read -r id _ folder _; do
  [ -n "$id" ] || continue
  options[$id]="--runs 2"
  if [ -f "$folder/sanitize.tsv" ]; then
    while IFS=$'\t' read -r kind a b c; do
      case $kind in
        options) options[$id]=$a ;;
        expected) expected[$id.$b.$a]=$c ;;
        sanitizer) sanitizer_options[$id.$a]=$b ;;
        exit) expected_exit[$id.$a]="$b"$'\t'"$c" ;;
      esac
    done <"$folder/sanitize.tsv"
  fi
  variants=$("$build/bin/$id" --list-variants 2>/dev/null) || variants=""
  [ -n "$variants" ] || variants="-"
  for v in $variants; do runs+=("$id"$'\t'"$v"); done
  forms=$("$build/bin/$id" --list-forms 2>/dev/null) || forms=""
  [ -z "$forms" ] || has_forms[$id]=1
  for f in $forms; do runs+=("$id"$'\t'"form:$f"); done
done <"$index"

# Whether TOOL checks this run: racecheck takes a lesson with forms form by form, the other tools
# take its variants.
applies() {
  local tool=$1 id=$2 variant=$3
  if [[ $variant == form:* ]]; then [ "$tool" = racecheck ]; return; fi
  [ "$tool" != racecheck ] || [ -z "${has_forms[$id]:-}" ]
}

# The count a tool's summary line gives, e.g. "0 errors" or "2 hazards (2 errors, 0 warnings)".
summary_of() {
  local tool=$1 log=$2 line
  if [ "$tool" = racecheck ]; then
    line=$(grep -o "RACECHECK SUMMARY: .*" "$log" | tail -1)
    [ -n "$line" ] && sed -E 's/RACECHECK SUMMARY: ([0-9]+) hazards? displayed (.*)/\1 hazards \2/' <<<"$line"
  else
    line=$(grep -oE "ERROR SUMMARY: [0-9]+ errors?$" "$log" | tail -1)
    [ -n "$line" ] && sed -E 's/ERROR SUMMARY: //' <<<"$line"
  fi
}

# One lesson run under one tool; prints "RESULT<TAB>VERDICT" and returns 0 when clean or expected.
check() {
  local tool=$1 id=$2 variant=$3 log=$logs/$2.$3.$1.log left=$((deadline - SECONDS))
  [ "$left" -gt 0 ] || { printf 'not run: the %s s budget was spent\tFAIL\n' "$budget"; return 1; }
  local cap=$((left < per_run_cap ? left : per_run_cap))
  local args tool_args
  if [[ $variant == form:* ]]; then
    args=(--form "${variant#form:}")
  else
    read -r -a args <<<"${options[$id]}"
    args+=(--trace "$logs/$id.$variant.$tool.json")
    [ "$variant" = "-" ] || args+=(--variant "$variant")
  fi
  read -r -a tool_args <<<"${sanitizer_options[$id.$tool]:-}"
  timeout -k 10 "$cap" "$sanitizer" --tool "$tool" "${tool_args[@]}" "$build/bin/$id" "${args[@]}" >"$log" 2>&1
  local rc=$? summary why
  summary=$(summary_of "$tool" "$log")
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then printf 'cut short after %s s\tFAIL\n' "$cap"; return 1; fi
  if grep -q "no usable CUDA device" "$log"; then printf 'not run: no usable GPU\tFAIL\n'; return 1; fi
  if [ "$rc" -eq 77 ]; then
    printf 'not run: %s\tskipped\n' "$(grep -o 'not run on this machine: .*' "$log" | head -1 | cut -d: -f2- | sed 's/^ //')"
    return 0
  fi
  [ -n "$summary" ] || { printf 'no summary (exit %s): see %s\tFAIL\n' "$rc" "$log"; return 1; }
  [ "$rc" -eq 0 ] || summary="$summary; lesson exit $rc"
  [ -z "${sanitizer_options[$id.$tool]:-}" ] || summary="$summary; with ${sanitizer_options[$id.$tool]}"
  why=${expected[$id.${variant#form:}.$tool]:-${expected[$id.*.$tool]:-}}
  if [ "$rc" -ne 0 ]; then
    local code reason
    IFS=$'\t' read -r code reason <<<"${expected_exit[$id.$tool]:-}"
    if [ "$rc" = "$code" ] && [[ $summary =~ ^0\  ]]; then printf '%s\texpected: %s\n' "$summary" "$reason"; return 0; fi
    printf '%s\tFAIL\n' "$summary"
    return 1
  fi
  if [[ $summary =~ ^0\  ]] && [ -z "$why" ]; then printf '%s\tclean\n' "$summary"; return 0; fi
  if [ -n "$why" ]; then printf '%s\texpected: %s\n' "$summary" "$why"; return 0; fi
  printf '%s\tFAIL\n' "$summary"
  return 1
}

# Every (tool, run) pair as a background job, at most $parallel at once; each writes its cell.
cells=$logs/cells
mkdir -p "$cells"
for tool in $tools; do
  for i in "${!runs[@]}"; do
    IFS=$'\t' read -r id variant <<<"${runs[$i]}"
    applies "$tool" "$id" "$variant" || continue
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
    echo "$tool: $id ${variant/#-/(default)}" >&2
    check "$tool" "$id" "$variant" >"$cells/$i.$tool" &
  done
done
wait
declare -A cell
status=0
for tool in $tools; do
  for i in "${!runs[@]}"; do
    [ -f "$cells/$i.$tool" ] || continue
    cell[${runs[$i]}.$tool]=$(cat "$cells/$i.$tool")
    [[ ${cell[${runs[$i]}.$tool]} == *$'\t'FAIL ]] && status=1
  done
done

table() {
  echo "| lesson | variant | tool | errors/hazards | verdict |"
  echo "|---|---|---|---|---|"
  for run in "${runs[@]}"; do
    IFS=$'\t' read -r id variant <<<"$run"
    for tool in $tools; do
      [ -n "${cell[$run.$tool]+set}" ] || continue
      IFS=$'\t' read -r result verdict <<<"${cell[$run.$tool]}"
      shown=${variant/#-/(default)}
      echo "| $id | ${shown/#form:/form } | $tool | $result | $verdict |"
    done
  done
  echo
  echo "Each run: the lesson's options from its sanitize.tsv (default --runs 2), --trace, and the"
  echo "variant named; every run measures every variant, the variant names the one recorded."
  echo "A lesson with forms is raced one form at a time (\`--form FORM\`, one launch each)."
  echo "Runs sharing the GPU at once: $parallel."
  echo "racecheck sees shared-memory hazards only: a clean racecheck says nothing about races on"
  echo "global memory, where the lock chapter's races are."
}
table
[ -z "$out" ] || table >"$out"
echo "logs: $logs ($SECONDS s of the ${budget} s budget used)" >&2
exit "$status"
