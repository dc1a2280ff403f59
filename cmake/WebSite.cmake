# The viewer as a web page (included by viewer/CMakeLists.txt in a browser build): the program
# (gridlock-viewer.js and .wasm), the small files packed with it (gridlock-viewer.data: the lesson
# index, the READMEs, the gallery's manifest, the shaders, the fonts, the lectures), and the site
# folder that holds them beside index.html and the traces and thumbnails fetched on demand.
set(packed ${CMAKE_BINARY_DIR}/packed)
set(site ${CMAKE_BINARY_DIR}/site)
set(make_site ${PROJECT_SOURCE_DIR}/viewer/web/make_site.sh)
add_custom_target(web-packed
  COMMAND ${make_site} packed ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR} ${packed}
  COMMENT "Gathering the files packed with the page"
  VERBATIM)
add_dependencies(gridlock-viewer web-packed)
set_target_properties(gridlock-viewer PROPERTIES SUFFIX ".js")
target_link_options(gridlock-viewer PRIVATE
  -sFETCH=1 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=134217728
  -sFORCE_FILESYSTEM=1 -sEXPORTED_RUNTIME_METHODS=ccall,FS
  --preload-file ${packed}@/)
add_custom_target(web-site ALL
  COMMAND ${make_site} site ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR} ${site}
  DEPENDS gridlock-viewer
  COMMENT "Writing the site folder ${site}"
  VERBATIM)

# The trace reader's fuzz target for Node.js, run over the fuzz corpus by tests/web/run.sh: the
# reader a page runs must refuse and accept what the desktop's does.
add_executable(trace_reader_wasm EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/tests/fuzz/trace_reader_fuzz.cpp
  ${PROJECT_SOURCE_DIR}/tests/web/trace_reader_replay.cpp)
target_link_libraries(trace_reader_wasm PRIVATE gridlock_trace)
set_target_properties(trace_reader_wasm PROPERTIES SUFFIX ".js")
target_link_options(trace_reader_wasm PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node
  -sTOTAL_STACK=4194304
  -sSINGLE_FILE=1)  # the program in one .js: no fetch of a .wasm beside it (Node.js 18 and later have fetch)
