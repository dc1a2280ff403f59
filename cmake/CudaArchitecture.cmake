# Chooses CMAKE_CUDA_ARCHITECTURES when the user did not: the visible GPU's own architecture,
# or, with no GPU, one architecture as machine code plus PTX (so a GPU-less build compiles once).
if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
  return()
endif()
set(_gridlock_arch "")
find_program(GRIDLOCK_NVIDIA_SMI nvidia-smi)
if(GRIDLOCK_NVIDIA_SMI)
  execute_process(COMMAND ${GRIDLOCK_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                  OUTPUT_VARIABLE _gridlock_caps RESULT_VARIABLE _gridlock_rc ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_gridlock_rc EQUAL 0 AND _gridlock_caps MATCHES "^([0-9]+)\\.([0-9]+)")
    set(_gridlock_arch "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    message(STATUS "gridlock: building CUDA code for the visible GPU, sm_${_gridlock_arch}")
  endif()
endif()
if(NOT _gridlock_arch)
  # The oldest architecture with every instruction the lessons use (the work queue's
  # __reduce_xor_sync needs sm_80); PTX covers newer GPUs.
  set(_gridlock_arch 80)
  message(STATUS "gridlock: no GPU visible; building sm_80 machine code plus PTX")
endif()
set(CMAKE_CUDA_ARCHITECTURES ${_gridlock_arch} CACHE STRING "CUDA architectures")
