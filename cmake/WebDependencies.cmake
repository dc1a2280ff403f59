# The viewer's packages for a browser build (emscripten), from the folder viewer/web/build.sh
# fills, GRIDLOCK_WEB_DEPS: Debian's sources of Dear ImGui 1.86 (imgui/), md4c (md4c/) and giflib
# (giflib/), and
# include/ holding the header-only packages (nlohmann, CLI11, stb). They take the names the
# desktop build finds them by, so the targets link them the same way.
foreach(source imgui/imgui.cpp md4c/src/md4c.c giflib/egif_lib.c)
  if(NOT GRIDLOCK_WEB_DEPS OR NOT EXISTS ${GRIDLOCK_WEB_DEPS}/${source})
    message(FATAL_ERROR "GRIDLOCK_WEB_DEPS: no ${source} in '${GRIDLOCK_WEB_DEPS}' (viewer/web/build.sh fetches the sources)")
  endif()
endforeach()
set(deps ${GRIDLOCK_WEB_DEPS})
# The trace reader reports a broken file by an exception, which emscripten ignores by default
# (the page would stop): caught here as on the desktop.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

add_library(gridlock_web_headers INTERFACE)
target_include_directories(gridlock_web_headers SYSTEM INTERFACE ${deps}/include ${deps}/include/stb)
add_library(nlohmann_json::nlohmann_json ALIAS gridlock_web_headers)
add_library(CLI11::CLI11 ALIAS gridlock_web_headers)

# ImGui with 32-bit indices: WebGL2 draws a list of more than 65,535 vertices only so.
add_library(gridlock_imgui STATIC
  ${deps}/imgui/imgui.cpp ${deps}/imgui/imgui_draw.cpp ${deps}/imgui/imgui_tables.cpp
  ${deps}/imgui/imgui_widgets.cpp ${deps}/imgui/backends/imgui_impl_glfw.cpp
  ${deps}/imgui/backends/imgui_impl_opengl3.cpp ${deps}/imgui/misc/cpp/imgui_stdlib.cpp)
target_include_directories(gridlock_imgui SYSTEM PUBLIC ${deps}/imgui ${deps}/imgui/misc/cpp)
target_compile_definitions(gridlock_imgui PUBLIC "ImDrawIdx=unsigned int")
target_compile_options(gridlock_imgui PRIVATE -w)
target_link_libraries(gridlock_imgui PUBLIC gridlock_web_headers)
add_library(PkgConfig::IMGUI ALIAS gridlock_imgui)

add_library(gridlock_md4c STATIC ${deps}/md4c/src/md4c.c)
target_include_directories(gridlock_md4c SYSTEM PUBLIC ${deps}/md4c/src)
target_compile_options(gridlock_md4c PRIVATE -w)
add_library(PkgConfig::MD4C ALIAS gridlock_md4c)

# giflib's library part (its Makefile's SOURCES), for the GIF a page downloads.
set(giflib_sources dgif_lib.c egif_lib.c gifalloc.c gif_err.c gif_font.c gif_hash.c openbsd-reallocarray.c
  quantize.c)
list(TRANSFORM giflib_sources PREPEND ${deps}/giflib/)
add_library(gridlock_giflib STATIC ${giflib_sources})
target_include_directories(gridlock_giflib SYSTEM PUBLIC ${deps}/giflib)
target_compile_options(gridlock_giflib PRIVATE -w)
add_library(GIF::GIF ALIAS gridlock_giflib)
set(GIF_FOUND TRUE)

# GLFW and WebGL2 are emscripten's own: link options only.
add_library(gridlock_web_glfw INTERFACE)
target_link_options(gridlock_web_glfw INTERFACE -sUSE_GLFW=3)
add_library(PkgConfig::GLFW ALIAS gridlock_web_glfw)
add_library(gridlock_web_gl INTERFACE)
target_link_options(gridlock_web_gl INTERFACE -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
add_library(OpenGL::GL ALIAS gridlock_web_gl)
