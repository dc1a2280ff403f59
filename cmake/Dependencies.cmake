# Every external package, found in one place. Header-only ones may come from a prefix in
# CMAKE_PREFIX_PATH (the GPU machine unpacks Debian's .deb files there).
if(EMSCRIPTEN)
  include(WebDependencies)  # the viewer in a browser: every package from sources (viewer/web/build.sh)
  return()
endif()
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 REQUIRED)
if(GRIDLOCK_LESSONS)
  find_package(CUDAToolkit 12 REQUIRED)
  find_package(CCCL CONFIG REQUIRED HINTS ${CUDAToolkit_LIBRARY_DIR}/cmake)
endif()
if(GRIDLOCK_VIEWER)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)   # brings -lstb too
  pkg_check_modules(GLFW REQUIRED IMPORTED_TARGET glfw3)
  find_package(OpenGL REQUIRED)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
  # The Lesson panel's Markdown (Debian: libmd4c-dev). Through pkg-config: Debian's CMake file
  # also names md4c-html, which is another package.
  pkg_check_modules(MD4C REQUIRED IMPORTED_TARGET md4c)
  find_package(GIF 5)  # optional: the viewer's animated GIF export (Debian: libgif-dev)
  if(NOT GIF_FOUND)
    message(STATUS "giflib not found: the viewer is built without GIF export (install libgif-dev)")
  endif()
endif()
if(GRIDLOCK_TESTS)
  find_package(GTest REQUIRED)
endif()
