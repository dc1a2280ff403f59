// One name table per enum of the trace: to_string() and the reader both use these, so adding a
// value means adding it here once. A table lists the names in the order of the enum's values.
#pragma once

#include <cstddef>

#include "trace/trace.hpp"

namespace gridlock::trace {

template <typename Enum>
struct EnumNames;

#define GRIDLOCK_ENUM_NAMES(Enum, ...)                                   \
  template <>                                                            \
  struct EnumNames<Enum> {                                               \
    static constexpr const char* names[] = {__VA_ARGS__};                \
    static constexpr std::size_t count = sizeof(names) / sizeof(*names); \
  }

GRIDLOCK_ENUM_NAMES(ElementType, "i32", "u32", "f32");
GRIDLOCK_ENUM_NAMES(MemorySpace, "global", "shared", "registers", "host");
GRIDLOCK_ENUM_NAMES(TrackKind, "device", "host", "stream", "kernel", "sm", "block", "warp", "lane", "lock",
                    "memory");
GRIDLOCK_ENUM_NAMES(EventKind, "slice_begin", "slice_end", "instant", "counter");
GRIDLOCK_ENUM_NAMES(Category, "work", "barrier", "wait", "spin", "critical", "atomic", "kernel", "copy",
                    "sync", "host", "other", "ticket", "lost_update", "stale_read", "overlap", "double_fetch",
                    "waiting_holder");
GRIDLOCK_ENUM_NAMES(Verdict, "confirmed", "contradicted", "not_observable");
GRIDLOCK_ENUM_NAMES(ProducerKind, "gpu", "model");
GRIDLOCK_ENUM_NAMES(TimeUnit, "ns", "tick");
GRIDLOCK_ENUM_NAMES(Operator, "copy", "add", "mul", "min", "max", "matmul");
GRIDLOCK_ENUM_NAMES(SourceRole, "kernel", "technique", "recording");
GRIDLOCK_ENUM_NAMES(ValueBase, "decimal", "hex");
GRIDLOCK_ENUM_NAMES(FactKind, "duration", "event_value", "event_block", "event_sm", "snapshot_value",
                    "shortfall", "event_count", "series_value", "series_matches", "series_median",
                    "series_range", "series_distinct", "series_mode", "series_mode_count", "series_differs",
                    "series_sum", "timing_median", "timing_rate", "timing_ratio", "series_spread",
                    "series_count", "parameter", "launch_grid", "series_values", "timing_share",
                    "report_count", "snapshot_item", "snapshot_fold", "report_sites", "event_rate",
                    "series_share", "most_at_once");
GRIDLOCK_ENUM_NAMES(FactUnit, "count", "ns", "us", "ms", "out_of", "range", "times", "percent", "spread",
                    "hex", "matrix");

#undef GRIDLOCK_ENUM_NAMES

template <typename Enum>
const char* enum_name(Enum v) {
  const auto i = static_cast<std::size_t>(v);
  return i < EnumNames<Enum>::count ? EnumNames<Enum>::names[i] : "?";
}

}  // namespace gridlock::trace
