// The 32 lanes of a warp as a bit mask, and how the model names a set of lanes in text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gridlock::simt {

inline constexpr int kLanes = 32;
inline constexpr uint32_t kAllLanes = 0xffffffffu;

inline constexpr uint32_t lane_bit(int lane) { return 1u << lane; }
inline constexpr bool has_lane(uint32_t mask, int lane) { return (mask & lane_bit(lane)) != 0; }

// The lanes of a mask, lowest first.
std::vector<int> lanes_of(uint32_t mask);

// Ascending numbers with runs written as ranges: "0, 2–5, 9".
std::string ranges_text(const std::vector<int>& ascending);

// "lane 0", "lanes 1–31", "lanes 0, 2–5, 9"; "no lane" for an empty mask.
std::string lanes_text(uint32_t mask);

}  // namespace gridlock::simt
