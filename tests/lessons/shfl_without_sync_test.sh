#!/usr/bin/env bash
# What R9's README says about CUDA 13, checked with this build's compiler: the documented
# __shfl_down and __shfl (no mask) no longer compile for the device, and the _sync forms with a
# mask do.
#   shfl_without_sync_test.sh NVCC ARCH       (ARCH as CMAKE_CUDA_ARCHITECTURES has it, e.g. 90)
set -u
nvcc=$1 arch=${2%%[-;]*}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat > "$scratch/documented.cu" <<'CU'
__global__ void sum_single_warp_reg(int* out) {
  int value = threadIdx.x;
  value += __shfl_down(value, 1);
  out[threadIdx.x] = __shfl(value, 0);
}
CU
cat > "$scratch/sync.cu" <<'CU'
__global__ void sum_single_warp_reg(int* out) {
  int value = threadIdx.x;
  value += __shfl_down_sync(0xffffffffu, value, 1);
  out[threadIdx.x] = __shfl_sync(0xffffffffu, value, 0);
}
CU
if "$nvcc" -arch="sm_$arch" -c "$scratch/documented.cu" -o "$scratch/documented.o" 2> "$scratch/documented.err"; then
  echo "FAIL: __shfl_down and __shfl compiled for sm_$arch"
  exit 1
fi
for name in __shfl_down __shfl; do
  grep -q "identifier \"$name\" is undefined" "$scratch/documented.err" ||
    { echo "FAIL: no 'identifier \"$name\" is undefined' in:"; cat "$scratch/documented.err"; exit 1; }
done
"$nvcc" -arch="sm_$arch" -c "$scratch/sync.cu" -o "$scratch/sync.o" ||
  { echo "FAIL: the _sync forms did not compile for sm_$arch"; exit 1; }
echo "$("$nvcc" --version | tail -2 | head -1): __shfl_down and __shfl are undefined for sm_$arch; the _sync forms compile"
