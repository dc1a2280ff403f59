#!/usr/bin/env bash
# The model's programs are the real kernels': each model kernel's plain form is compiled to PTX
# (nvcc -ptx -lineinfo, no GPU needed) and every load, store, atomic and fence of the model program
# must be a PTX instruction of that kind and memory order at the line it names, in order. Then the
# same on copies of the sources with one fence removed or one order relaxed: each must fail.
#   ptx_test.sh SOURCE_DIR NVCC CHECK WORK_DIR
set -u
root=$1 nvcc=$2 check=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
failed=0

# compile LESSONS_DIR KERNEL: writes $work/KERNEL.ptx from LESSONS_DIR's sources.
compile() {
  "$check" --unit "$2" >"$work/$2.cu" &&
    "$nvcc" -ptx -lineinfo -arch=sm_90 -std=c++17 -I "$1" -o "$work/$2.ptx" "$work/$2.cu" 2>"$work/$2.nvcc.log"
}

for kernel in $("$check" --list); do
  if ! compile "$root/lessons" "$kernel"; then
    echo "FAIL: nvcc could not compile $kernel:"; cat "$work/$kernel.nvcc.log"; failed=1; continue
  fi
  "$check" "$kernel" "$work/$kernel.ptx" || { echo "FAIL: $kernel's model program is not its PTX"; failed=1; }
done

# mutant NAME KERNEL FILE FROM TO: the kernel compiled from a copy whose FILE has FROM replaced
# by TO (on its line, so no line moves) must no longer match its model program.
mutant() {
  local name=$1 kernel=$2 file=$3 from=$4 to=$5 copy=$work/$1/lessons
  mkdir -p "$copy" && cp -r "$root/lessons/common" "$root/lessons/locks" "$root/lessons/interblock" "$copy/"
  grep -qF -- "$from" "$copy/$file" || { echo "FAIL: $file has no \"$from\" to change"; failed=1; return; }
  sed -i "s|$from|$to|" "$copy/$file"
  if ! compile "$copy" "$kernel"; then
    echo "FAIL: nvcc could not compile the $name copy:"; cat "$work/$kernel.nvcc.log"; failed=1; return
  fi
  if "$check" "$kernel" "$work/$kernel.ptx" >"$work/$name.out"; then
    echo "FAIL: $kernel still matches its PTX with $name"; failed=1
  else
    echo "$name: $(head -1 "$work/$name.out")"
  fi
}
mutant acquire-fence-removed acquire-guard interblock/common/last_block.cuh \
  "last) __threadfence();  // acquire" "last) {}  // acquire"
mutant release-fence-removed documented-guard interblock/common/last_block.cuh \
  "__threadfence();  // release" "/* no fence */  // release"
mutant acquire-relaxed ordered-lock locks/common/locks.cuh \
  "cuda::memory_order_acquire," "cuda::memory_order_relaxed,"
exit $failed
