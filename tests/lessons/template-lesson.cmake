# A lesson made from lessons/templates/lesson/ as lessons/new-lesson.sh makes one (tests/CMakeLists.txt
# copies this file in as the made lesson's CMakeLists.txt): built as a program only, outside the
# lesson order, so that the template keeps compiling with today's common code.
gridlock_lesson_executable(template-lesson "A lesson from the template" T0)
