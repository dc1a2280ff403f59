# gridlock_add_lesson(ID <id> TITLE <title> TECHNIQUE <entry>)
#
# One declarative call per lesson. The lesson folder holds main.cu (host driver), kernels.cuh
# (the technique), README.md and recorded/. The call
#   - registers the lesson in the lesson index (the viewer's gallery order), always;
#   - where CUDA lessons are built: generates lesson_info.hpp (the identity given here, and
#     kernels.cuh as text), builds bin/<id>, and adds the GPU test "lesson.<id>" (label gpu; exit
#     code 77 = skipped on a machine without a GPU): the lesson must pass its own checks and write
#     a trace that validates and respects what the hardware guarantees.
function(gridlock_add_lesson)
  cmake_parse_arguments(L "" "ID;TITLE;TECHNIQUE" "" ${ARGN})
  if(NOT L_ID OR NOT L_TITLE OR NOT L_TECHNIQUE)
    message(FATAL_ERROR "gridlock_add_lesson needs ID, TITLE and TECHNIQUE")
  endif()
  file(RELATIVE_PATH lesson_in_repo ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set_property(GLOBAL APPEND PROPERTY GRIDLOCK_LESSONS_IN_ORDER
               "${L_ID}\t${L_TITLE}\t${CMAKE_CURRENT_SOURCE_DIR}")
  set_property(GLOBAL APPEND PROPERTY GRIDLOCK_LESSONS_INSTALLED
               "${L_ID}\t${L_TITLE}\t${lesson_in_repo}")
  install(FILES README.md DESTINATION share/gridlock/${lesson_in_repo})
  install(DIRECTORY recorded/ DESTINATION share/gridlock/${lesson_in_repo}/recorded OPTIONAL)
  if(NOT GRIDLOCK_LESSONS)
    return()
  endif()

  set(kernel ${CMAKE_CURRENT_SOURCE_DIR}/kernels.cuh)
  file(RELATIVE_PATH kernel_in_repo ${PROJECT_SOURCE_DIR} ${kernel})
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/generated/lesson_info.hpp)
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${kernel} -DOUTPUT=${generated} -DPATH_IN_REPO=${kernel_in_repo}
            -DID=${L_ID} "-DTITLE=${L_TITLE}" -DTECHNIQUE=${L_TECHNIQUE}
            -P ${PROJECT_SOURCE_DIR}/cmake/LessonInfo.cmake
    DEPENDS ${kernel} ${PROJECT_SOURCE_DIR}/cmake/LessonInfo.cmake ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt
    COMMENT "Generating the identity of ${L_ID}")

  file(GLOB host_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cu)
  add_executable(${L_ID} ${host_sources} ${generated})
  target_include_directories(${L_ID} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
  target_link_libraries(${L_ID} PRIVATE gridlock_lesson_common CCCL::CCCL)
  install(TARGETS ${L_ID} RUNTIME DESTINATION bin)

  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/traces)
  add_test(NAME lesson.${L_ID}
           COMMAND ${PROJECT_SOURCE_DIR}/tests/gpu/run-lesson.sh $<TARGET_FILE:${L_ID}>
                   $<TARGET_FILE:gridlock-trace-check> ${PROJECT_BINARY_DIR}/traces/${L_ID}.json)
  set_tests_properties(lesson.${L_ID} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 120)
endfunction()

# Writes the lesson index: one line per lesson, "id<TAB>title<TAB>folder", in lesson order.
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
endfunction()
