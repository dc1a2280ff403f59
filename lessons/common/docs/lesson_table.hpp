// The lesson tables of the READMEs (the project's, a chapter's), written from the lesson index:
// each lesson's technique, a link to its README, its title, what it shows (SHOWS in its
// gridlock_add_lesson call) and how its default trace judged the documentation's claims.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "trace/lesson_index.hpp"

namespace gridlock::docs {

// | # | lesson | technique | what it shows | claims on the GPU |, one row per lesson of `lessons`
// in their order (only those whose folder lies in a folder named `chapter`, when it is not
// empty), then a line naming the GPUs the verdicts were recorded on. Links are relative to
// `readme_folder`. Throws DocsError naming the lesson when its README, default trace, technique
// or SHOWS is missing.
std::string lesson_table(const std::vector<trace::LessonEntry>& lessons,
                         const std::filesystem::path& readme_folder, const std::string& chapter);

}  // namespace gridlock::docs
