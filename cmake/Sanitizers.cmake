# Instrumented builds of the host code, flags set once for every target.
#   GRIDLOCK_SANITIZE: AddressSanitizer and UBSan (stop at the first finding) on C and C++. CUDA
#     translation units are not instrumented: their host half could be (nvcc passes -Xcompiler on),
#     but the device half cannot, and ASan's shadow memory collides with the CUDA driver's
#     mappings; the executables that hold them are still linked with the runtime, so their C++
#     parts are checked.
#     Compiled at -O1 with line tables only (-g1), as AddressSanitizer advises: the reports keep
#     their file:line, and the build takes about half the time -O2 -g takes.
#   GRIDLOCK_FUZZ (clang only): the same sanitizers plus libFuzzer's coverage on every C and C++
#     target; tests/fuzz links the fuzz targets with libFuzzer's main.
set(gridlock_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
if(GRIDLOCK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(WARNING "GRIDLOCK_FUZZ needs clang (the fuzz preset sets it); the fuzz targets are left out")
    set(GRIDLOCK_FUZZ OFF CACHE BOOL "Build the libFuzzer targets (clang only)" FORCE)
  else()
    list(APPEND gridlock_sanitizers -fsanitize=fuzzer-no-link)
  endif()
endif()
if(GRIDLOCK_SANITIZE)
  list(APPEND gridlock_sanitizers -O1 -g1)
endif()
if(GRIDLOCK_SANITIZE OR GRIDLOCK_FUZZ)
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${gridlock_sanitizers}>")
  add_link_options("$<$<LINK_LANGUAGE:C,CXX>:-fsanitize=address,undefined>")
  add_link_options("$<$<LINK_LANGUAGE:CUDA>:-Xcompiler=-fsanitize=address,undefined>")
endif()

# Tests that open an OpenGL context: Mesa's driver, loaded with dlopen and unloaded before exit,
# leaves allocations that LeakSanitizer reports without a module to name or suppress, so these
# tests run without the leak check (addresses and undefined behaviour are still checked; the
# viewer's model is leak-checked by its unit tests, which open no context). Call at the end of a
# folder's CMakeLists.txt: it covers the tests of that folder labelled `viewer`.
function(gridlock_gl_tests_skip_leak_check)
  if(NOT GRIDLOCK_SANITIZE)
    return()
  endif()
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    get_test_property(${test} LABELS labels)
    if(labels MATCHES "viewer")
      set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT
                   "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:protect_shadow_gap=0")
    endif()
  endforeach()
endfunction()
