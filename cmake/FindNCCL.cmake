# Finds NCCL (optional): include/nccl.h and the library, as libnccl.so or, where only the runtime
# is installed (the nvidia-nccl-cu13 Python package), libnccl.so.2. Looks, in order, under the
# GRIDLOCK_NCCL_ROOT and NCCL_ROOT hints (CMake variables or environment), the folder of the
# Python package nvidia.nccl (asked of python3 at configure time), then the system and the CUDA
# toolkit; in each folder both names before the next folder. Defines NCCL_FOUND, the imported
# target NCCL::NCCL, and NCCL_NOT_FOUND_REASON. The result is cached: to change the hint on an
# existing build folder, configure with -UNCCL_LIBRARY -UNCCL_INCLUDE_DIR.
set(_nccl_hints "")
foreach(hint GRIDLOCK_NCCL_ROOT NCCL_ROOT)
  if(${hint})
    list(APPEND _nccl_hints ${${hint}})
  elseif(DEFINED ENV{${hint}})
    list(APPEND _nccl_hints $ENV{${hint}})
  endif()
endforeach()
find_program(_nccl_python python3)
if(_nccl_python)
  execute_process(
    COMMAND ${_nccl_python} -c "import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__))"
    OUTPUT_VARIABLE _nccl_python_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _nccl_rc)
  if(_nccl_rc EQUAL 0 AND _nccl_python_dir)
    list(APPEND _nccl_hints ${_nccl_python_dir})
  endif()
endif()
if(CUDAToolkit_LIBRARY_ROOT)
  list(APPEND _nccl_system ${CUDAToolkit_LIBRARY_ROOT})
endif()

find_path(NCCL_INCLUDE_DIR nccl.h HINTS ${_nccl_hints} ${_nccl_system} PATH_SUFFIXES include)
find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 NAMES_PER_DIR HINTS ${_nccl_hints} ${_nccl_system} PATH_SUFFIXES lib lib64)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR)
if(NCCL_FOUND AND NOT TARGET NCCL::NCCL)
  add_library(NCCL::NCCL UNKNOWN IMPORTED)
  set_target_properties(NCCL::NCCL PROPERTIES IMPORTED_LOCATION ${NCCL_LIBRARY}
                                              INTERFACE_INCLUDE_DIRECTORIES ${NCCL_INCLUDE_DIR})
endif()
if(NOT NCCL_FOUND)
  set(NCCL_NOT_FOUND_REASON "no nccl.h and libnccl.so(.2) under GRIDLOCK_NCCL_ROOT, NCCL_ROOT, the python3 "
                            "package nvidia.nccl or the system")
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
