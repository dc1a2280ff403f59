#!/usr/bin/env bash
# The kernel reads like the technique, and its recording lines only record: main.cu is compiled
# for the GPU twice, once as it is and once with the recording lines of its kernel and technique
# files left blank (the lines the compiler's line tables say only the recording kernels run, as the
# viewer dims them), and every plain kernel, the one the timed runs launch, must come out as the
# same machine code (its .text section of the cubin, byte for byte).
#   plain_sass_test.sh NVCC ARCH GRIDLOCK_SOURCES ROOT MAIN_CU DEPFILE PTX KERNEL_IN_REPO [NVCC_ARG...]
# ARCH a compute capability (80: the one the PTX of the line tables is made for, whose kernel
# names match); NVCC_ARGs are the lesson's -I and -D flags, an
# include directory under ROOT/lessons read from the copy instead. With BLANK_ALSO=TEXT in the
# environment, the first line of the kernel file holding TEXT is blanked as well (the test's own
# check that a changed plain kernel fails it).
set -u
nvcc=$1 arch=${2%%[-;]*} sources=$3 root=$(realpath "$4") main=$5 depfile=$6 ptx=$7 kernel=$8
shift 8
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$sources" --root "$root" --depfile "$depfile" --kernel "$kernel" --ptx "$ptx" \
  --without-recording "$scratch/copy" > "$scratch/plain.txt" || fail "gridlock-sources could not write the copy"
[ -s "$scratch/plain.txt" ] || fail "$ptx has no plain kernel"
if [ -n "${BLANK_ALSO:-}" ]; then
  line=$(grep -nF -m1 -- "$BLANK_ALSO" "$scratch/copy/$kernel" | cut -d: -f1)
  [ -n "$line" ] || fail "no line of $kernel holds $BLANK_ALSO"
  sed -i "${line}s/.*//" "$scratch/copy/$kernel"
fi
blanked=$(diff "$root/$kernel" "$scratch/copy/$kernel" | grep -c '^<' || true)

original=() copied=()
for arg in "$@"; do
  if [[ $arg == -I* ]]; then
    dir=$(realpath -m "${arg#-I}")
    original+=("-I$dir")
    if [[ $dir == "$root/lessons" || $dir == "$root/lessons/"* ]]; then
      copied+=("-I$scratch/copy${dir#"$root"}")
    else
      copied+=("-I$dir")
    fi
  else
    original+=("$arg") copied+=("$arg")
  fi
done
main_in_repo=$(realpath "$main"); main_in_repo=${main_in_repo#"$root"/}
# A lesson outside lessons/ (the template's test lesson): its folder's own files go into the copy too.
for file in "$(dirname "$root/$main_in_repo")"/*.{cu,cuh,hpp}; do
  [ -e "$scratch/copy/${file#"$root"/}" ] || cp "$file" "$scratch/copy/${file#"$root"/}"
done
common=(-cubin -O2 -arch="sm_$arch" --expt-relaxed-constexpr -std=c++17)
"$nvcc" "${common[@]}" "${original[@]}" "$root/$main_in_repo" -o "$scratch/as-is.cubin" ||
  fail "main.cu did not compile"
"$nvcc" "${common[@]}" "${copied[@]}" "$scratch/copy/$main_in_repo" -o "$scratch/without.cubin" ||
  fail "main.cu with its recording lines blank did not compile"

# The bytes of section NAME of a cubin (an ELF file binutils reads the headers of, not the code).
section() {
  local at
  at=$(readelf -SW "$1" 2>/dev/null | awk -v name="$2" '{ for (i = 1; i <= NF; ++i) if ($i == name) print $(i + 3), $(i + 4) }')
  [ -n "$at" ] || return 1
  set -- "$1" $at
  tail -c +$((16#$2 + 1)) "$1" | head -c $((16#$3))
}

count=0
while read -r kernel_name; do
  for cubin in as-is without; do
    section "$scratch/$cubin.cubin" ".text.$kernel_name" > "$scratch/$cubin.text"
    [ -s "$scratch/$cubin.text" ] || fail "no machine code for $kernel_name in $cubin.cubin"
  done
  cmp -s "$scratch/as-is.text" "$scratch/without.text" ||
    fail "$(c++filt "$kernel_name"): the plain kernel's machine code changes when the recording lines go"
  count=$((count + 1))
done < "$scratch/plain.txt"
echo "$kernel: $blanked recording lines blank; $count plain kernels, the same machine code (sm_$arch)"
