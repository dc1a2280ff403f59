// A trace's series of repeated measurements (trace::Series: the final count of 200 runs) as
// histograms: bins, the reference value's place, and a caption computed from the values.
// No GL, no ImGui.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct HistogramBin {
  double low = 0;  // values in [low, high); the last bin also holds `high`
  double high = 0;
  int count = 0;
};

struct Histogram {
  std::string name;
  std::string unit;
  std::vector<HistogramBin> bins;  // side by side, low to high; empty for a series without values
  bool integer_bins = false;       // integer values, one bin per integer (low = the value)
  int tallest = 0;                 // the largest count
  int count = 0;                   // values in the series
  double min = 0, median = 0, max = 0;
  bool has_reference = false;
  double reference = 0;
  int exact = 0;  // values equal to the reference
  // Where the reference lies: inside the bins' span, or so far beyond it that it is drawn past a
  // break in the axis rather than squeezing every bin into a sliver.
  bool reference_in_range = false;
  // "200 values, 0 exact, median 3 of 512 blocks"; of counts out of a number each (Series::out_of):
  // "200 values, 3 of 200 wrong answers in all"
  std::string caption;
  std::string range;  // "2–4 blocks"; empty for one yes or no a run (out_of 1)
};

// Whether a trace has series to draw.
bool has_series(const trace::Trace& trace);

// Bins: one per integer where the values are integers spanning at most `max_bins` (widened to
// take in a reference that lies near, and to at least kMinIntegerBins around the values so that
// one value does not fill the whole width); else about sqrt(values), at most max_bins, of equal
// width.
inline constexpr int kMinIntegerBins = 7;
Histogram make_histogram(const trace::Series& series, int max_bins = 40);

// A trace's histograms, one for each series with values, in the trace's order; `series_of` gets
// each one's index in trace.series. A series that a series_spread fact reads (a ratio measured in
// rounds) is captioned with that fact's own text, "5 rounds, 1.82× ± 0.02 (median ± half the
// range)", and its range written at the fact's decimals.
std::vector<Histogram> make_histograms(const trace::Trace& trace, std::vector<int>* series_of);

// The bin holding `value`, or -1 outside the bins.
int bin_of(const Histogram& h, double value);

}  // namespace gridlock::viewer
