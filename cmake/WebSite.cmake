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
