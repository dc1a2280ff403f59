// Number and time formatting.
#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gridlock::viewer {

std::string format_value(double value, bool compact) {
  if (std::isnan(value)) return "?";
  char text[48];
  const double magnitude = std::fabs(value);
  const bool integral = value == std::floor(value) && magnitude < 1e15;
  if (compact && magnitude >= 1000.0) {
    const char* suffix = "k";
    double scaled = value / 1e3;
    if (magnitude >= 1e9) {
      suffix = "G";
      scaled = value / 1e9;
    } else if (magnitude >= 1e6) {
      suffix = "M";
      scaled = value / 1e6;
    }
    std::snprintf(text, sizeof text, "%.3g%s", scaled, suffix);
  } else if (integral) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
  } else {
    std::snprintf(text, sizeof text, compact ? "%.3g" : "%.6g", value);
  }
  return text;
}

namespace {

// `value` as "%.*f" prints it with `decimals` decimals, except that a value that rounds to zero
// prints as 0, not -0.
double signed_unless_zero(double value, int decimals) {
  const double unit = std::pow(10.0, -decimals);
  return std::fabs(value) < unit / 2 ? 0.0 : value;
}

}  // namespace

std::string format_duration(double t, trace::TimeUnit unit) {
  char text[32];
  if (unit == trace::TimeUnit::tick)  // whole ticks
    std::snprintf(text, sizeof text, "%.0f %s", signed_unless_zero(t, 0),
                  std::fabs(std::round(t)) == 1 ? "tick" : "ticks");
  else if (std::fabs(t) >= 1e6)
    std::snprintf(text, sizeof text, "%.2f ms", t / 1e6);
  else if (std::fabs(t) >= 1e3)
    std::snprintf(text, sizeof text, "%.2f \xC2\xB5s", t / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f ns", signed_unless_zero(t, 0));
  return text;
}

std::string format_cursor_time(int64_t t_ns, int64_t launch_ns, bool compared, trace::TimeUnit unit) {
  if (!compared) return format_duration(static_cast<double>(t_ns), unit);
  return "launch + " + format_duration(static_cast<double>(t_ns - launch_ns), unit);
}

std::string format_tick(double ns, double spacing_ns, trace::TimeUnit unit) {
  if (unit == trace::TimeUnit::tick) return format_duration(ns, unit);
  const double scale = std::fabs(ns) >= 1e6 ? 1e6 : std::fabs(ns) >= 1e3 ? 1e3 : 1.0;
  const char* name = scale == 1e6 ? "ms" : scale == 1e3 ? "\xC2\xB5s" : "ns";
  const int fewest = scale == 1.0 ? 0 : 2;  // as format_duration prints them
  const double step = std::fabs(spacing_ns) / scale;
  const int decimals =
      step > 0 ? std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), fewest, 6) : fewest;
  char text[48];
  std::snprintf(text, sizeof text, "%.*f %s", decimals, signed_unless_zero(ns / scale, decimals), name);
  return text;
}

std::string format_cuda_version(int version) {
  if (version <= 0) return "?";
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::string format_parameter(double value) {
  char text[48];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

std::string format_parameter(const std::string& name, double value) {
  const bool time = name.size() > 3 && name.compare(name.size() - 3, 3, "_ns") == 0;
  return time ? format_duration(value) : format_parameter(value);
}

std::string format_devices(const std::vector<trace::Device>& devices) {
  auto name = [](const trace::Device& d) { return d.name.empty() ? std::string("unnamed GPU") : d.name; };
  if (devices.empty()) return {};
  bool same = true;
  for (const trace::Device& d : devices) same = same && d.name == devices.front().name;
  if (same)
    return (devices.size() > 1 ? std::to_string(devices.size()) + " \xC3\x97 " : "") + name(devices.front());
  std::string text;
  for (const trace::Device& d : devices) text += (text.empty() ? "" : " + ") + name(d);
  return text;
}

std::string producer_summary(const trace::Producer& p) {
  if (p.kind == trace::ProducerKind::model) return "model: " + p.model;
  if (p.devices.empty()) return "unnamed GPU";
  std::string text = format_devices(p.devices);
  const trace::Device& d = p.devices.front();
  const bool alike = std::all_of(p.devices.begin(), p.devices.end(), [&](const trace::Device& o) {
    return o.name == d.name && o.cc_major == d.cc_major && o.cc_minor == d.cc_minor &&
           o.sm_count == d.sm_count;
  });
  if (!alike) return text;
  text += "  \xC2\xB7  CC " + std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor);
  if (d.sm_count > 0)
    text += "  \xC2\xB7  " + std::to_string(d.sm_count) + " SMs" + (p.devices.size() > 1 ? " each" : "");
  return text;
}

std::string format_count(int64_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

bool parse_duration(const std::string& text, int64_t& ns) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin || !std::isfinite(value)) return false;
  std::string unit(end);
  unit.erase(0, unit.find_first_not_of(' '));
  double scale = 0;
  if (unit.empty() || unit == "ns") scale = 1;
  if (unit == "us" || unit == "\xC2\xB5s") scale = 1e3;
  if (unit == "ms") scale = 1e6;
  if (unit == "s") scale = 1e9;
  if (scale == 0 || std::fabs(value * scale) > 4e18) return false;
  ns = static_cast<int64_t>(std::llround(value * scale));
  return true;
}

std::string format_percent(double share, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f%%", digits, 100.0 * share);
  return text;
}

std::string format_ratio(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, ratio >= 0.1 ? "%.2f\xC3\x97" : "%.2g\xC3\x97", ratio);
  return text;
}

}  // namespace gridlock::viewer
