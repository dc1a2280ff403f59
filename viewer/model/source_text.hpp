// Reading a kernel's source for people: which lines only record (the calls on the recorder,
// `rec.begin();`, `const auto t = rec.now();`), so the source panel can dim them and the kernel
// reads as the technique. No GL, no ImGui.
#pragma once

#include <string_view>
#include <vector>

namespace gridlock::viewer {

// The name lessons give their recorder parameter.
inline constexpr std::string_view kRecorderName = "rec";

// For each line of `source` (as trace::split_lines numbers them, index = line - 1): whether it
// belongs to a statement that only records. A statement records when its code, comments left
// out, starts with a call on the recorder (`rec.` or `rec->`), or declares or assigns a value
// that is such a call (`const unsigned long long t = rec.now();`); a statement that runs over
// several lines marks each of them. Lines with other code beside it are not marked.
std::vector<bool> recording_lines(std::string_view source, std::string_view recorder = kRecorderName);

}  // namespace gridlock::viewer
