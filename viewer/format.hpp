// Numbers and times as the viewer prints them; one home for every panel, view and card.
// Plain C++ (no GL, no ImGui), so the model library and its tests link it too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// A value as the tree prints it: integers in full, else 6 significant digits; "?" for NaN (no
// value). Compact form: 3 significant digits with k/M/G suffixes from 1000 on ("12.3k").
std::string format_value(double value, bool compact);
// format_value in full, as a sentence quotes a recorded value ("ticket 7", "reads 0").
inline std::string value_text(double value) { return format_value(value, false); }

// A duration or a time on the trace's clock, in ns, µs or ms by its size: "850 ns", "1.50 µs",
// "2.25 ms"; on a model's clock (trace::TimeUnit::tick), a whole number of ticks: "197 ticks".
std::string format_duration(double t, trace::TimeUnit unit = trace::TimeUnit::ns);

// The time cursor as a view prints it: on the trace's clock ("1.10 ms") when the trace is shown
// alone; in compare mode, where the controls print the one shared time, as this run's own offset
// from its launch, labelled as such ("launch + 2.30 µs"), so no pane prints a second time.
std::string format_cursor_time(int64_t t_ns, int64_t launch_ns, bool compared,
                               trace::TimeUnit unit = trace::TimeUnit::ns);

// A tick's time on an axis whose ticks lie `spacing_ns` apart: format_duration's unit, with as
// many decimals as it takes for neighbouring ticks to read differently ("1.7003 ms", "1.7006 ms");
// on a model's clock, whole ticks.
std::string format_tick(double ns, double spacing_ns, trace::TimeUnit unit = trace::TimeUnit::ns);

// A CUDA version as cudaDriverGetVersion reports it: 13000 -> "13.0", 12040 -> "12.4"; "?" for 0.
std::string format_cuda_version(int version);

// A run parameter: up to 10 significant digits, no trailing zeros ("1024", "0.5").
std::string format_parameter(double value);
// The same, by its name: one that ends in "_ns" is a time in nanoseconds (FORMAT.md), written as
// a duration ("watchdog_ns" 2e8: "200.00 ms").
std::string format_parameter(const std::string& name, double value);

// The GPUs a trace ran on, by name: "NVIDIA H100", "2 × NVIDIA H100" (the same GPU twice),
// "NVIDIA A100 + NVIDIA H100"; empty when none is declared.
std::string format_devices(const std::vector<trace::Device>& devices);

// "NVIDIA H100 80GB HBM3 · CC 9.0 · 132 SMs" ("2 × … each" for two alike GPUs, the names alone
// for different ones), or the model's description.
std::string producer_summary(const trace::Producer& producer);

// A time as the command line takes it: a number with an optional unit, ns (the default), us
// (or µs), ms or s: "42560", "42.5us", "1.2 ms". False when the text is not one; never throws.
bool parse_duration(const std::string& text, int64_t& ns);

// A share as a percentage with `digits` decimals: (0.921, 1) -> "92.1%".
std::string format_percent(double share, int digits);

// A throughput ratio with a multiplication sign: "1.02×"; two significant digits below 0.1, so
// that a kernel far behind does not read as "0.00×" ("0.0024×").
std::string format_ratio(double ratio);

// A count with its noun, singular or plural: (1, "value") -> "1 value", (3, "value") -> "3 values".
std::string format_count(int64_t count, const std::string& noun);

}  // namespace gridlock::viewer
