#!/usr/bin/env bash
# Runs the libFuzzer targets with ASan and UBSan, each for a share of the time, on a corpus seeded
# with the shipped traces, the bad corpus, the README fixtures and the command-line seeds. Any
# crash, timeout or out-of-memory input is left in BUILD/fuzz/artifacts/TARGET/ (then: fix the
# library, and add the input to tests/format/bad/ with its message in EXPECTED.tsv).
#   tests/fuzz/run-fuzz.sh [--minutes M] [--build DIR] [TARGET...]
#     TARGET: trace_reader_fuzz (default: 80% of the time), readme_fuzz, lesson_cli_fuzz
# Exit 0 when no target found anything, 1 when one did, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/../.."
minutes=10 build=build-fuzz targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) echo "run-fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(trace_reader_fuzz readme_fuzz lesson_cli_fuzz)

# Debian's clang and its sanitizer and libFuzzer runtimes.
if ! command -v clang++ >/dev/null || ! dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "ok installed"; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev
fi
cmake --preset fuzz -B "$build" >/dev/null
cmake --build "$build" --target "${targets[@]}"

# Seeds per target, and the longest input worth trying (twice the largest shipped trace, 1 MiB at least).
seeds() {
  case $1 in
    trace_reader_fuzz) ls lessons/*/*/recorded/*.json tests/format/*.json tests/format/bad/*.json tests/fuzz/regressions/*.json ;;
    readme_fuzz) ls lessons/*/*/README.md lessons/*/*/kernels.cuh tests/docs/fixtures/*/README*.md ;;
    lesson_cli_fuzz) ls tests/fuzz/cli-seeds/* ;;
  esac
}
largest=$(seeds trace_reader_fuzz | xargs stat -c %s | sort -n | tail -1)
max_len=$(( 2 * largest > 1048576 ? 2 * largest : 1048576 ))

found=0
for target in "${targets[@]}"; do
  share=10
  [ "$target" != trace_reader_fuzz ] || share=80
  [ ${#targets[@]} -gt 1 ] || share=100
  seconds=$(( minutes * 60 * share / 100 ))
  corpus=$build/fuzz/corpus/$target artifacts=$build/fuzz/artifacts/$target/
  mkdir -p "$corpus" "$artifacts"
  seeds "$target" | xargs -I{} cp {} "$corpus/"
  extra=()
  [ "$target" != trace_reader_fuzz ] || extra=(-dict=tests/fuzz/trace.dict)
  [ "$target" != lesson_cli_fuzz ] || extra=(-close_fd_mask=3)  # CLI11's messages
  echo "== $target: $seconds s, max_len $max_len, corpus $(ls "$corpus" | wc -l) files"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/bin/$target" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=2048 \
    -malloc_limit_mb=2048 -timeout=20 -artifact_prefix="$artifacts" -print_final_stats=1 \
    "${extra[@]}" 2>"$build/fuzz/$target.log" || found=1
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/fuzz/$target.log" || true
  echo "   corpus now $(ls "$corpus" | wc -l) files; artifacts: $(ls "$artifacts" | wc -l)"
done
exit $found
