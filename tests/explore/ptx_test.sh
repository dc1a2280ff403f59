#!/usr/bin/env bash
# The model's programs are the real kernels': each model kernel's plain form is compiled to PTX
# (nvcc -ptx -lineinfo, no GPU needed) and every load, store, atomic, fence and barrier of the
# model program must be a PTX instruction of that kind, space and memory order at the line it
# names, in order, and each step the model can take from one of them to the next a path of the
# PTX's control flow. A kernel the lessons describe but do not build (the work queue without its
# closing barrier) is compiled from a copy with that one line changed. Then copies of the sources
# with one fence or barrier removed or one order relaxed: each must fail.
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

# copy_with NAME FILE LINE FROM TO: a copy of lessons/ in $work/NAME whose FILE has FROM replaced by
# TO on line LINE (so no line moves); false when that line has no FROM.
copy_with() {
  local copy=$work/$1/lessons
  mkdir -p "$copy" && cp -r "$root/lessons/." "$copy/"
  sed -n "${3}p" "$copy/$2" | grep -qF -- "$4" || { echo "FAIL: $2:$3 has no \"$4\" to change"; return 1; }
  sed -i "${3}s|$4|$5|" "$copy/$2"
}

for kernel in $("$check" --list); do
  from=$root/lessons
  edits=$("$check" --edits "$kernel")
  if [ -n "$edits" ]; then
    IFS=$'\t' read -r file line before after <<<"$edits"
    copy_with "$kernel" "$file" "$line" "$before" "$after" || { failed=1; continue; }
    from=$work/$kernel/lessons
  fi
  if ! compile "$from" "$kernel"; then
    echo "FAIL: nvcc could not compile $kernel:"; cat "$work/$kernel.nvcc.log"; failed=1; continue
  fi
  "$check" "$kernel" "$work/$kernel.ptx" || { echo "FAIL: $kernel's model program is not its PTX"; failed=1; }
done

# mutant NAME KERNEL FILE LINE FROM TO: the kernel compiled from a copy whose FILE has FROM
# replaced by TO on line LINE must no longer match its model program.
mutant() {
  local name=$1 kernel=$2
  copy_with "$name" "$3" "$4" "$5" "$6" || { failed=1; return; }
  if ! compile "$work/$name/lessons" "$kernel"; then
    echo "FAIL: nvcc could not compile the $name copy:"; cat "$work/$kernel.nvcc.log"; failed=1; return
  fi
  if "$check" "$kernel" "$work/$kernel.ptx" >"$work/$name.out"; then
    echo "FAIL: $kernel still matches its PTX with $name"; failed=1
  else
    echo "$name: $(head -1 "$work/$name.out")"
  fi
}
line_of() { grep -nF -- "$2" "$root/lessons/$1" | head -1 | cut -d: -f1; }
guard=interblock/common/last_block.cuh
mutant acquire-fence-removed acquire-guard $guard "$(line_of $guard "last) __threadfence();  // acquire")" \
  "last) __threadfence();  // acquire" "last) {}  // acquire"
mutant release-fence-removed documented-guard $guard "$(line_of $guard "__threadfence();  // release")" \
  "__threadfence();  // release" "/* no fence */  // release"
mutant acquire-relaxed ordered-lock locks/common/locks.cuh \
  "$(line_of locks/common/locks.cuh "cuda::memory_order_acquire,")" "cuda::memory_order_acquire," "cuda::memory_order_relaxed,"
mutant syncwarp-removed warp-sum-syncwarp reduction/reduce-warp-volatile/kernels.cuh 103 "__syncwarp();" "/* none */"
mutant closing-barrier-removed work-queue interblock/work-queue/kernels.cuh 124 "__syncthreads();" "/* none */"
mutant lock-unlock-removed lock-in-every-thread locks/deadlock-lock/kernels.cuh 38 "lock.unlock();" "/* kept */"
exit $failed
