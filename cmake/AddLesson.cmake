# gridlock_add_lesson(ID <id> TITLE <title> TECHNIQUE <entry> [SHOWS <line>]
#                     [COMPARE <a.json> <b.json> ...] [CLASSROOM <option> ...]
#                     [RECORD <option> ...]
#                     [HASH_SOURCES [RACECHECK_MOVED_LINES <form> ...]])
#
# One declarative call per lesson. The lesson folder holds main.cu (host driver), kernels.cuh
# (the technique), README.md and recorded/. The call
#   - registers the lesson in the lesson index (the viewer's gallery order), always, with the
#     pairs of its recorded traces that the viewer offers side by side (COMPARE, in twos), its
#     technique and what it shows (SHOWS: one line, the README lesson tables' words);
#   - adds a check of every trace in recorded/ ("trace-check.<id>.<name>");
#   - with CLASSROOM, names the lesson options of its classroom-sized recording (a block of 32 or
#     64 threads, a few blocks: a picture a class can read), recorded/<id>.classroom.json, which
#     lessons/record-classroom.sh records and the gallery offers first; a test checks it is there;
#   - with RECORD, names the lesson options its shipped traces are recorded with where they differ
#     from the lesson's defaults (lessons/record-all.sh adds them to every variant's run);
#   - where CUDA lessons are built: generates lesson_info.hpp (the identity given here, and
#     kernels.cuh as text), builds bin/<id>, and adds the GPU test "lesson.<id>" (label gpu; exit
#     code 77 = skipped on a machine without a GPU): the lesson must pass its own checks and write
#     a trace that validates and respects what the hardware guarantees;
#   - with HASH_SOURCES, where CUDA lessons are built: lists the lessons/ files main.cu compiles
#     from (the compiler's own list, nvcc -MM) with their hashes into kLessonSources
#     (common/sources/sources.hpp), which a lesson compares with the sources a racecheck report
#     names; and, where tests are built, checks each report in recorded/racecheck/ and each trace
#     resting on them against today's sources (tests/evidence/); RACECHECK_MOVED_LINES names
#     the forms whose shared accesses are not volatile, where racecheck may name the line a load
#     was moved to: their lines are held to the function racecheck names only.
function(gridlock_add_lesson)
  cmake_parse_arguments(L "HASH_SOURCES" "ID;TITLE;TECHNIQUE;SHOWS" "COMPARE;CLASSROOM;RECORD;RACECHECK_MOVED_LINES" ${ARGN})
  if(NOT L_ID OR NOT L_TITLE OR NOT L_TECHNIQUE)
    message(FATAL_ERROR "gridlock_add_lesson needs ID, TITLE and TECHNIQUE")
  endif()
  if(L_UNPARSED_ARGUMENTS OR L_SHOWS MATCHES "[\t\n]")
    message(FATAL_ERROR "gridlock_add_lesson(${L_ID}): unexpected arguments ${L_UNPARSED_ARGUMENTS} "
                        "(SHOWS is one line without tabs or semicolons)")
  endif()
  # The index's fourth column: "a.json,b.json|c.json,d.json".
  list(LENGTH L_COMPARE compare_count)
  math(EXPR odd "${compare_count} % 2")
  if(odd)
    message(FATAL_ERROR "gridlock_add_lesson(${L_ID}): COMPARE takes trace files in pairs")
  endif()
  set(pairs "")
  while(L_COMPARE)
    list(POP_FRONT L_COMPARE a b)
    list(APPEND pairs "${a},${b}")
  endwhile()
  list(JOIN pairs "|" pairs)
  file(RELATIVE_PATH lesson_in_repo ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set_property(GLOBAL APPEND PROPERTY GRIDLOCK_LESSONS_IN_ORDER
               "${L_ID}\t${L_TITLE}\t${CMAKE_CURRENT_SOURCE_DIR}\t${pairs}\t${L_TECHNIQUE}\t${L_SHOWS}")
  set_property(GLOBAL APPEND PROPERTY GRIDLOCK_LESSONS_INSTALLED
               "${L_ID}\t${L_TITLE}\t${lesson_in_repo}\t${pairs}\t${L_TECHNIQUE}\t${L_SHOWS}")
  set_property(GLOBAL APPEND PROPERTY GRIDLOCK_LESSON_FOLDERS ${CMAKE_CURRENT_SOURCE_DIR})
  set(classroom_trace ${CMAKE_CURRENT_SOURCE_DIR}/recorded/${L_ID}.classroom.json)
  if(L_CLASSROOM)
    list(JOIN L_CLASSROOM " " classroom_options)
    set_property(GLOBAL APPEND PROPERTY GRIDLOCK_CLASSROOM_RUNS
                 "${L_ID}\t${CMAKE_CURRENT_SOURCE_DIR}\t${classroom_options}")
  endif()
  if(L_RECORD)
    list(JOIN L_RECORD " " record_options)
    set_property(GLOBAL APPEND PROPERTY GRIDLOCK_RECORD_OPTIONS "${L_ID}\t${record_options}")
  endif()
  if(GRIDLOCK_TESTS AND L_CLASSROOM)
    add_test(NAME classroom.${L_ID} COMMAND gridlock-trace-check ${classroom_trace})
    set_tests_properties(classroom.${L_ID} PROPERTIES LABELS format)
  endif()
  if(GRIDLOCK_TESTS)
    # Every shipped trace passes the checker: valid, and true to what the hardware guarantees.
    file(GLOB recorded CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/recorded/*.json)
    foreach(trace ${recorded})
      get_filename_component(name ${trace} NAME_WLE)
      add_test(NAME trace-check.${L_ID}.${name} COMMAND gridlock-trace-check ${trace})
      set_tests_properties(trace-check.${L_ID}.${name} PROPERTIES LABELS format)
    endforeach()
  endif()
  if(L_HASH_SOURCES)
    list(JOIN L_RACECHECK_MOVED_LINES "," moved)
    set_property(GLOBAL APPEND PROPERTY GRIDLOCK_EVIDENCE_LESSONS "${L_ID}\t${CMAKE_CURRENT_SOURCE_DIR}\t${moved}")
  endif()
  install(FILES README.md DESTINATION share/gridlock/${lesson_in_repo})
  install(DIRECTORY recorded/ DESTINATION share/gridlock/${lesson_in_repo}/recorded OPTIONAL)
  if(NOT GRIDLOCK_LESSONS)
    return()
  endif()

  gridlock_lesson_executable(${L_ID} "${L_TITLE}" ${L_TECHNIQUE})
  install(TARGETS ${L_ID} RUNTIME DESTINATION bin)

  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/traces)
  add_test(NAME lesson.${L_ID}
           COMMAND ${PROJECT_SOURCE_DIR}/tests/gpu/run-lesson.sh $<TARGET_FILE:${L_ID}>
                   $<TARGET_FILE:gridlock-trace-check> ${PROJECT_BINARY_DIR}/traces/${L_ID}.json)
  set_tests_properties(lesson.${L_ID} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 120 RESOURCE_LOCK gpu)
endfunction()

# The lesson executable `id` from the folder being configured: its *.cu files, its identity
# (lesson_info.hpp) and the lessons/ files it compiles from (lesson_sources.cpp). A lesson folder's
# gridlock_add_lesson() calls it; so does the test that builds a lesson from the template.
function(gridlock_lesson_executable id title technique)
  set(kernel ${CMAKE_CURRENT_SOURCE_DIR}/kernels.cuh)
  file(RELATIVE_PATH kernel_in_repo ${PROJECT_SOURCE_DIR} ${kernel})
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/generated/lesson_info.hpp)
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${kernel} -DOUTPUT=${generated} -DPATH_IN_REPO=${kernel_in_repo}
            -DID=${id} "-DTITLE=${title}" -DTECHNIQUE=${technique} -DCARRIED=1
            -P ${PROJECT_SOURCE_DIR}/cmake/LessonInfo.cmake
    DEPENDS ${kernel} ${PROJECT_SOURCE_DIR}/cmake/LessonInfo.cmake ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt
    COMMENT "Generating the identity of ${id}")

  file(GLOB host_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cu)
  add_executable(${id} ${host_sources} ${generated})
  target_include_directories(${id} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
  target_link_libraries(${id} PRIVATE gridlock_lesson_common CCCL::CCCL)
  add_dependencies(${id} gridlock-trace-check)   # its test checks the trace it writes
  gridlock_hash_lesson_sources(${id} ${generated} ${kernel_in_repo})
endfunction()

# kLessonSources for lesson `id`: nvcc -MM lists the files its main.cu includes, with the target's
# include directories and definitions (the depfile also tells the build when to list them again),
# and gridlock-sources hashes those under lessons/ into a generated lesson_sources.cpp. main.cu
# includes `info_header` (generated), so it is made first. main.cu is also compiled to PTX with
# line tables, always for compute_80 so the map does not depend on the GPU the build is for, and
# gridlock-sources reads from them which lines only record (kRecordingLines).
function(gridlock_hash_lesson_sources id info_header kernel_in_repo)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(main ${CMAKE_CURRENT_SOURCE_DIR}/main.cu)
  set(includes "$<TARGET_PROPERTY:${id},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${id},COMPILE_DEFINITIONS>")
  add_custom_command(
    OUTPUT ${dir}/lesson_sources.cpp
    COMMAND ${CMAKE_CUDA_COMPILER} -MM -std=c++${CMAKE_CUDA_STANDARD} "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
            "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>" -MT ${dir}/lesson_sources.cpp
            -MF ${dir}/main.cu.d ${main}
    COMMAND ${CMAKE_CUDA_COMPILER} -ptx -lineinfo -arch=compute_80 --expt-relaxed-constexpr -std=c++${CMAKE_CUDA_STANDARD}
            "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>" "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
            ${main} -o ${dir}/main.ptx
    COMMAND gridlock-sources --root ${PROJECT_SOURCE_DIR} --depfile ${dir}/main.cu.d --cpp ${dir}/lesson_sources.cpp
            --kernel ${kernel_in_repo} --ptx ${dir}/main.ptx
    DEPFILE ${dir}/main.cu.d
    DEPENDS ${main} ${info_header} gridlock-sources
    COMMAND_EXPAND_LISTS VERBATIM
    COMMENT "Listing the sources of ${id}")
  target_sources(${id} PRIVATE ${dir}/lesson_sources.cpp)
  if(GRIDLOCK_TESTS)
    # The plain kernels come out as the same machine code with the recording lines left blank.
    add_test(NAME plain-sass.${id}
             COMMAND ${PROJECT_SOURCE_DIR}/tests/lessons/plain_sass_test.sh ${CMAKE_CUDA_COMPILER} 80
                     $<TARGET_FILE:gridlock-sources> ${PROJECT_SOURCE_DIR} ${main} ${dir}/main.cu.d ${dir}/main.ptx
                     ${kernel_in_repo} "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
                     "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
             COMMAND_EXPAND_LISTS)
    set_tests_properties(plain-sass.${id} PROPERTIES LABELS sass)
  endif()
endfunction()

# The fields of one GRIDLOCK_LESSONS_IN_ORDER entry ("id<TAB>title<TAB>folder<TAB>pairs<TAB>...").
function(gridlock_lesson_fields entry id_var folder_var)
  string(REPLACE "\t" ";" fields "${entry}")
  list(GET fields 0 id)
  list(GET fields 2 folder)
  set(${id_var} ${id} PARENT_SCOPE)
  set(${folder_var} ${folder} PARENT_SCOPE)
endfunction()

# Fails the configuration when a lesson folder (lessons/<family>/<id>/CMakeLists.txt) is not in
# the lesson order, so a lesson cannot be left out of the gallery, the index and the tests. A
# folder that holds a chapter's program instead of a lesson (the reduction ladder) says so by
# appending itself to GRIDLOCK_PROGRAM_FOLDERS.
function(gridlock_check_lesson_order lessons_dir)
  get_property(registered GLOBAL PROPERTY GRIDLOCK_LESSON_FOLDERS)
  get_property(programs GLOBAL PROPERTY GRIDLOCK_PROGRAM_FOLDERS)
  list(APPEND registered ${programs})
  file(GLOB lists CONFIGURE_DEPENDS ${lessons_dir}/*/*/CMakeLists.txt)
  foreach(list ${lists})
    get_filename_component(folder ${list} DIRECTORY)
    file(RELATIVE_PATH name ${lessons_dir} ${folder})
    if(name MATCHES "^common/" OR folder IN_LIST registered)
      continue()
    endif()
    message(FATAL_ERROR "lessons/${name} is a lesson folder but not in the lesson order: add "
                        "add_subdirectory(${name}) to lessons/CMakeLists.txt where it belongs in the teaching order")
  endforeach()
endfunction()

# Writes the lesson index: one line per lesson, "id<TAB>title<TAB>folder<TAB>pairs<TAB>technique
# <TAB>shows", in lesson order; pairs are "a.json,b.json|c.json,d.json", file names in the
# lesson's recorded/ folder.
# The build's copy names the source folders; the installed copy names folders relative to
# itself (share/gridlock/lessons/...), where the install puts each lesson's README and traces.
function(gridlock_write_lesson_index path)
  get_property(lessons GLOBAL PROPERTY GRIDLOCK_LESSONS_IN_ORDER)
  list(JOIN lessons "\n" text)
  file(WRITE ${path} "${text}\n")
  get_property(installed GLOBAL PROPERTY GRIDLOCK_LESSONS_INSTALLED)
  list(JOIN installed "\n" text)
  file(WRITE ${PROJECT_BINARY_DIR}/install/lesson-index.txt "${text}\n")
  install(FILES ${PROJECT_BINARY_DIR}/install/lesson-index.txt DESTINATION share/gridlock)
  # The classroom-sized runs, "id<TAB>folder<TAB>options" per line, for lessons/record-classroom.sh.
  get_property(classroom GLOBAL PROPERTY GRIDLOCK_CLASSROOM_RUNS)
  list(JOIN classroom "\n" text)
  file(WRITE ${PROJECT_BINARY_DIR}/classroom-runs.txt "${text}\n")
  # The shipped traces' own options, "id<TAB>options" per line, for lessons/record-all.sh.
  get_property(record GLOBAL PROPERTY GRIDLOCK_RECORD_OPTIONS)
  list(JOIN record "\n" text)
  file(WRITE ${PROJECT_BINARY_DIR}/record-options.txt "${text}\n")
endfunction()
