// Zooming, panning and following a time range.
#include "model/time_range.hpp"

#include <algorithm>
#include <cmath>

namespace gridlock::viewer {

int64_t ClockMap::to_side(int64_t shared) const {
  return static_cast<int64_t>(std::floor(offset + scale * static_cast<double>(shared)));
}

int64_t ClockMap::to_shared(int64_t side) const {
  return static_cast<int64_t>(std::ceil((static_cast<double>(side) - offset) / scale));
}

TimeRange to_side(const TimeRange& r, const ClockMap& m) {
  return TimeRange{m.offset + m.scale * r.begin, m.offset + m.scale * r.end};
}

TimeRange to_shared(const TimeRange& r, const ClockMap& m) {
  return TimeRange{(r.begin - m.offset) / m.scale, (r.end - m.offset) / m.scale};
}

TimeRange clamp_range(TimeRange r, const TimeRange& full, double min_span) {
  const double widest = full.span();
  const double span = std::clamp(r.span(), std::min(min_span, widest), widest);
  const double centre = 0.5 * (r.begin + r.end);
  r.begin = std::clamp(centre - 0.5 * span, full.begin, full.end - span);
  r.end = r.begin + span;
  return r;
}

TimeRange zoom_range(const TimeRange& r, double factor, double anchor, const TimeRange& full,
                     double min_span) {
  if (!(factor > 0) || r.span() <= 0) return clamp_range(r, full, min_span);
  const double span = std::clamp(r.span() / factor, std::min(min_span, full.span()), full.span());
  const double at = (anchor - r.begin) / r.span();  // where the anchor sits, 0..1
  TimeRange z{anchor - at * span, anchor - at * span + span};
  z.begin = std::clamp(z.begin, full.begin, full.end - span);
  z.end = z.begin + span;
  return z;
}

TimeRange pan_range(const TimeRange& r, double delta, const TimeRange& full, double min_span) {
  return clamp_range(TimeRange{r.begin + delta, r.end + delta}, full, min_span);
}

TimeRange follow_time(const TimeRange& r, double t, const TimeRange& full, double min_span, double margin) {
  if (r.contains(t)) return r;
  const double shift = t < r.begin ? t - r.begin - margin * r.span() : t - r.end + margin * r.span();
  return pan_range(r, shift, full, min_span);
}

TimeRange padded_range(double begin, double end, double share) {
  const double pad = std::max(1.0, share * (end - begin));
  return TimeRange{begin - pad, end + pad};
}

double tick_spacing(double span, int count) {
  const double raw = span / std::max(count, 1);
  const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * power) return m * power;
  return 10.0 * power;
}

}  // namespace gridlock::viewer
