// Which moments an exported animation shows: every step, a range of steps, or the steps shown
// during a range of time on the trace's clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/step_times.hpp"

namespace gridlock::viewer {

// What an export writes: the current view as one PNG, or the animation as numbered PNG frames, an
// animated GIF or a video.
enum class ExportKind { png, frames, gif, video };

struct ExportRange {
  int first = 0;  // steps; negative counts from the end (-1: the last)
  int last = -1;
  std::optional<int64_t> from_ns, to_ns;  // when set, a time range instead of the step range
  bool after_first_event = false;         // +FROM:+TO: both after the run's first event
};

// The steps to export, in order; empty when the range holds none.
std::vector<int> steps_in_range(const StepTimes& times, const ExportRange& range);

// The times (on a comparison's shared clock) to export from `stops`, the times at which either
// side changes step: all of them, those in the time range, or the step range counted in stops.
std::vector<int64_t> stops_in_range(const std::vector<int64_t>& stops, const ExportRange& range);

// "A:B" -> first, last (steps, negative from the end; either may be left out: "3:", ":-2").
// False on anything else.
bool parse_step_range(const std::string& text, ExportRange& range);
// "T0:T1" with times as --time takes them (42560, 42.5us, 1.2ms). False on anything else.
bool parse_time_range(const std::string& text, ExportRange& range);

}  // namespace gridlock::viewer
