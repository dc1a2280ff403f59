// S1's check-out forms, the variants the trace can record, and the record's words as text (plain
// C++: the trace building and its tests use them without CUDA).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace s1 {

// How the kernels check out: as printed (the printed mask, on the record the printed code names),
// the printed mask on the check-in's own record, or corrected (~(1 << kid), the check-in's record).
enum class CheckOut { documented, documented_mask, corrected };

inline const char* name(CheckOut c) {
  switch (c) {
    case CheckOut::documented:
      return "documented";
    case CheckOut::documented_mask:
      return "documented-mask";
    case CheckOut::corrected:
      return "corrected";
  }
  return "?";
}

// The variants the trace can record: each check-out with one stream per kernel, and the corrected
// check-out with every kernel in one stream.
inline const std::vector<std::string> kVariants = {"documented", "documented-mask", "corrected", "serial"};

inline CheckOut check_out_of(const std::string& variant) {
  if (variant == "documented") return CheckOut::documented;
  if (variant == "documented-mask") return CheckOut::documented_mask;
  return CheckOut::corrected;
}

// What a check-out leaves of `mask`: the printed form ANDs with -(1 << kid), the corrected one
// with ~(1 << kid).
inline int after_check_out(CheckOut c, int mask, int kid) {
  return mask & (c == CheckOut::corrected ? ~(1 << kid) : -(1 << kid));
}

inline std::string hex(int v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%x", unsigned(v));
  return text;
}

// "0x1 0x3 0x7", as the documented program prints the masks.
inline std::string hex_list(const int* values, int count) {
  std::string out;
  for (int k = 0; k < count; ++k) out += (k ? " " : "") + hex(values[k]);
  return out;
}

inline std::string number_list(const int* values, int count) {
  std::string out;
  for (int k = 0; k < count; ++k) out += (k ? " " : "") + std::to_string(values[k]);
  return out;
}

// The record the check-in left for `kernels` kernels, in launch order, as two series of `run` and the
// facts KEY.masks (in hex, as the program prints them) and KEY.counts that list them.
inline void add_record_lists(gridlock::trace::Trace& t, const std::string& key, const std::string& run,
                             const int* masks, const int* counts, int kernels) {
  namespace tr = gridlock::trace;
  const int mask_series = tr::add_series(t, {run + ": the mask each kernel saw at check-in, in launch order",
                                             "mask", std::vector<double>(masks, masks + kernels)});
  const int count_series =
      tr::add_series(t, {run + ": the count each kernel saw at check-in, in launch order", "kernels",
                         std::vector<double>(counts, counts + kernels)});
  tr::set_fact(t, key + ".masks", tr::series_values_fact(t, mask_series, tr::FactUnit::hex));
  tr::set_fact(t, key + ".counts", tr::series_values_fact(t, count_series));
}

}  // namespace s1
